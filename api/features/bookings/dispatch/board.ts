import {
  type BoardBooking,
  type BoardTechnician,
  type ScheduleBoard,
  travelMinutes,
} from "../../../contracts/schedule/board.ts";
import { slotStart } from "../../../contracts/schedule/conflicts.ts";
import type { Settings } from "../../../contracts/settings/settings.ts";
import { durationOf } from "./day.ts";
import type { Places } from "./places.ts";
import type { BoardRow } from "./repo.ts";

/**
 * The board of a range of dates: each booking with its duration, its place and the drive from the same
 * technician's previous job that day (in time order; null for the first and for unassigned jobs).
 */
export function scheduleBoard(args: {
  from: string;
  to: string;
  technicians: BoardTechnician[];
  rows: readonly BoardRow[];
  settings: Pick<Settings, "serviceWork" | "travel">;
  places: Places;
}): ScheduleBoard {
  const { settings, places } = args;
  const ordered = [...args.rows].sort(
    (a, b) =>
      a.cleaningDate.localeCompare(b.cleaningDate) ||
      slotStart(a.cleaningTime) - slotStart(b.cleaningTime) ||
      a.createdAt.localeCompare(b.createdAt),
  );
  const previous = new Map<string, ReturnType<Places["place"]>>();
  const bookings = ordered.map(({ addressKey, ...booking }): BoardBooking => {
    const place = places.place(booking.zip, addressKey);
    const lane = booking.technicianId ? `${booking.technicianId} ${booking.cleaningDate}` : null;
    const before = lane ? previous.get(lane) : undefined;
    if (lane) previous.set(lane, place);
    return {
      ...booking,
      durationMinutes: durationOf(booking, settings),
      durationOverrideMinutes: booking.durationOverrideMinutes ?? null,
      travelMinutesBefore: before ? travelMinutes(before, place, settings.travel) : null,
      town: booking.city,
      locationApproximate: place.approximate,
    };
  });
  return { from: args.from, to: args.to, technicians: args.technicians, bookings };
}
