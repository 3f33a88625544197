import { jobMinutes, type MoveRefusal, serviceWorkOf } from "../../../contracts/schedule/board.ts";
import { type DayJob, dayConflict, jobLabel, slotStart } from "../../../contracts/schedule/conflicts.ts";
import type { Settings } from "../../../contracts/settings/settings.ts";
import type { Places } from "./places.ts";
import type { DayRow, DispatchTechnician } from "./repo.ts";

/** Where the other moves of one apply put their bookings, by booking id. */
export type Plan = Map<string, { technicianId: string | null; cleaningDate: string; cleaningTime: string }>;

/** How many of a plan's other bookings end up in a slot (their rows are left out of the slot's count). */
export function plannedInSlot(plan: Plan, selfId: string, date: string, time: string): number {
  let count = 0;
  for (const [id, p] of plan) if (id !== selfId && p.cleaningDate === date && p.cleaningTime === time) count++;
  return count;
}

/** A job's minutes: the office's own, else its service's figures for its units. */
export const durationOf = (
  job: { serviceType: string; unitCount: number; durationOverrideMinutes?: number | null },
  settings: Pick<Settings, "serviceWork">,
) =>
  jobMinutes(serviceWorkOf(settings.serviceWork, job.serviceType), job.unitCount, job.durationOverrideMinutes ?? null);

/** A job of the day as the rules read it. */
export const dayJobOf = (row: DayRow, settings: Pick<Settings, "serviceWork">, places: Places): DayJob => ({
  _id: row._id,
  start: slotStart(row.cleaningTime),
  minutes: durationOf(row, settings),
  place: places.place(row.zip, row.addressKey),
  label: jobLabel(row),
});

/** The day's jobs as they will be once the plan's other moves are made (a job planned elsewhere leaves it). */
export function plannedDay(rows: readonly DayRow[], technicianId: string, date: string, plan: Plan): DayRow[] {
  return rows.flatMap((row) => {
    const planned = plan.get(row._id);
    if (!planned) return [row];
    if (planned.technicianId !== technicianId || planned.cleaningDate !== date) return [];
    return [{ ...row, cleaningTime: planned.cleaningTime }];
  });
}

/** The first rule of the technician's day the booking would break where it is going, or null. */
export function checkDay(args: {
  technician: DispatchTechnician;
  booking: {
    _id: string;
    serviceType: string;
    unitCount: number;
    durationOverrideMinutes?: number | null;
    cleaningDate: string;
    cleaningTime: string;
    zip: string;
    homeAddress: string;
  };
  others: readonly DayRow[];
  settings: Settings;
  places: Places;
  plan: Plan;
}): MoveRefusal | null {
  const { technician, booking, settings, places, plan } = args;
  const own = args.others.find((o) => o._id === booking._id);
  const others = plannedDay(args.others, technician._id, booking.cleaningDate, plan)
    .filter((o) => o._id !== booking._id)
    .map((o) => dayJobOf(o, settings, places));
  return dayConflict({
    name: technician.name,
    date: booking.cleaningDate,
    job: {
      _id: booking._id,
      start: slotStart(booking.cleaningTime),
      minutes: durationOf(booking, settings),
      // Its address key as stored when it is already on the day; else the street and ZIP stand for it.
      place: places.place(booking.zip, own?.addressKey ?? `${booking.homeAddress.toLowerCase()}|${booking.zip}`),
    },
    others,
    hours: technician.hours,
    travel: settings.travel,
  });
}
