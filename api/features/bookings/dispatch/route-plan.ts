import {
  minutesOfDay,
  type Place,
  type RouteProposal,
  travelMinutes,
  type TravelRules,
  type WorkingDay,
} from "../../../contracts/schedule/board.ts";
import { slotStart } from "../../../contracts/schedule/conflicts.ts";
import { type Drive, nearestNeighbour, pathMinutes, twoOpt } from "./route-order.ts";

/** One job of the day to order. */
export interface RouteJob {
  _id: string;
  cleaningTime: string;
  minutes: number;
  place: Place;
  version: number;
}

/**
 * A better order of one technician's day, with the slot each job would start in: nearest neighbour from the
 * business then 2-opt on drive minutes, then each job in that order takes the earliest open slot (of the day's
 * slots) that leaves room for the drive from the one before, has a place left under the slot capacity, and ends
 * within the technician's hours. When the order saves no drive or cannot be fitted, the current order and 0.
 */
export function proposeRoute(args: {
  technicianId: string;
  date: string;
  jobs: readonly RouteJob[];
  home: Place;
  /** The open slots of the date, in time order. */
  slots: readonly string[];
  /** The places left in a slot for this technician's jobs (capacity less the other bookings there). */
  room: (slot: string) => number;
  hours: WorkingDay;
  travel: TravelRules;
}): RouteProposal {
  const { jobs, home, travel } = args;
  const current = [...jobs].sort((a, b) => slotStart(a.cleaningTime) - slotStart(b.cleaningTime));
  const unchanged: RouteProposal = { order: current.map((j) => j._id), minutesSaved: 0, moves: [] };
  if (current.length < 2) return unchanged;
  const drive: Drive = (from, to) =>
    travelMinutes(from === -1 ? home : current[from]!.place, current[to]!.place, travel);
  const before = pathMinutes(
    current.map((_, i) => i),
    drive,
  );
  const order = twoOpt(nearestNeighbour(current.length, drive), drive);
  const after = pathMinutes(order, drive);
  if (after >= before) return unchanged;
  const times = fitToSlots(
    order.map((i) => current[i]!),
    args,
  );
  if (!times) return unchanged;
  const moves = order.flatMap((i, n) => {
    const job = current[i]!;
    const time = times[n]!;
    if (time === job.cleaningTime) return [];
    return [
      {
        bookingId: job._id,
        technicianId: args.technicianId,
        date: args.date,
        time,
        expectedVersion: job.version,
      },
    ];
  });
  return { order: order.map((i) => current[i]!._id), minutesSaved: before - after, moves };
}

/** The start slot of each job in order, or null when one does not fit in the day. */
function fitToSlots(
  ordered: readonly RouteJob[],
  args: { slots: readonly string[]; room: (slot: string) => number; hours: WorkingDay; travel: TravelRules },
): string[] | null {
  const taken = new Map<string, number>();
  const [dayStart, dayEnd] = [minutesOfDay(args.hours.start), minutesOfDay(args.hours.end)];
  const times: string[] = [];
  let ready = dayStart;
  let previous: RouteJob | null = null;
  for (const job of ordered) {
    const earliest = previous ? ready + travelMinutes(previous.place, job.place, args.travel) : ready;
    const slot = args.slots.find((s) => {
      const start = slotStart(s);
      return start >= earliest && start + job.minutes <= dayEnd && (taken.get(s) ?? 0) < args.room(s);
    });
    if (!slot) return null;
    taken.set(slot, (taken.get(slot) ?? 0) + 1);
    times.push(slot);
    ready = slotStart(slot) + job.minutes;
    previous = job;
  }
  return times;
}
