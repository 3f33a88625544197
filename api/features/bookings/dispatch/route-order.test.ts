import assert from "node:assert/strict";
import { type Drive, nearestNeighbour, pathMinutes, twoOpt } from "./route-order.ts";

/** Stops on a line at these miles from the business (at 0); a minute a mile. */
const onALine =
  (miles: number[]): Drive =>
  (from, to) =>
    Math.abs((from === -1 ? 0 : miles[from]!) - miles[to]!);

Deno.test("route order: nearest neighbour walks outwards from the business", () => {
  const drive = onALine([30, 10, 20]);
  assert.deepEqual(nearestNeighbour(3, drive), [1, 2, 0]);
  assert.equal(pathMinutes([1, 2, 0], drive), 30);
  assert.equal(pathMinutes([0, 1, 2], drive), 60);
});

Deno.test("route order: 2-opt undoes a crossing that nearest neighbour leaves", () => {
  // Points on a plane; nearest neighbour from the origin goes to (1,0), then the far side, and crosses back.
  const points = [
    [1, 0],
    [-2, 0],
    [4, 0],
    [-3, 0],
  ];
  const drive: Drive = (from, to) => {
    const [ax, ay] = from === -1 ? [0, 0] : points[from]!;
    const [bx, by] = points[to]!;
    return Math.hypot(ax! - bx!, ay! - by!);
  };
  const greedy = nearestNeighbour(points.length, drive);
  assert.equal(pathMinutes(greedy, drive), 12, "1, -2, -3, then all the way back to 4");
  const improved = twoOpt(greedy, drive);
  assert.ok(pathMinutes(improved, drive) <= pathMinutes(greedy, drive));
  // Best open path from 0: the near side first, then across: -2, -3, 1, 4 = 2 + 1 + 4 + 3 = 10.
  assert.equal(pathMinutes(improved, drive), 10);
  assert.deepEqual([...improved].sort(), [0, 1, 2, 3], "every stop once");
});

Deno.test("route order: no stops, one stop", () => {
  const drive = onALine([5]);
  assert.deepEqual(twoOpt(nearestNeighbour(0, drive), drive), []);
  assert.deepEqual(twoOpt(nearestNeighbour(1, drive), drive), [0]);
});
