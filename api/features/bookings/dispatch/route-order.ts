/**
 * The order of one technician's stops: nearest neighbour from the business's address, then 2-opt, on drive
 * minutes. The path is open (it starts at the business and ends at the last stop): the drive home is not the
 * office's to plan.
 */

/** Minutes from stop a to stop b; index -1 is the business's address. */
export type Drive = (from: number, to: number) => number;

/** The drive of visiting the stops in `order`, from the business's address. */
export function pathMinutes(order: readonly number[], drive: Drive): number {
  let total = 0;
  let at = -1;
  for (const stop of order) {
    total += drive(at, stop);
    at = stop;
  }
  return total;
}

/** Each time the closest stop not yet visited (the first listed on a tie). */
export function nearestNeighbour(count: number, drive: Drive): number[] {
  const left = new Set(Array.from({ length: count }, (_, i) => i));
  const order: number[] = [];
  let at = -1;
  while (left.size > 0) {
    let best = -1;
    for (const stop of left) if (best === -1 || drive(at, stop) < drive(at, best)) best = stop;
    order.push(best);
    left.delete(best);
    at = best;
  }
  return order;
}

/**
 * 2-opt: reverses a stretch of the path while that shortens it, until no reversal does (or `maxRounds`, so a
 * pathological input stays bounded; a day holds a handful of stops).
 */
export function twoOpt(start: readonly number[], drive: Drive, maxRounds = 50): number[] {
  let order = [...start];
  let best = pathMinutes(order, drive);
  for (let round = 0; round < maxRounds; round++) {
    let improved = false;
    for (let i = 0; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const candidate = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
        const minutes = pathMinutes(candidate, drive);
        if (minutes < best) [order, best, improved] = [candidate, minutes, true];
      }
    }
    if (!improved) break;
  }
  return order;
}
