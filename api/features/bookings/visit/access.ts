import type { Booking } from "../../../contracts/bookings/booking.ts";
import { type Actor, isTechnician } from "../../../contracts/common/actor.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { SessionUser } from "../../../contracts/staff/staff.ts";
import { Conflict, NotFound } from "../../../errors.ts";

/**
 * Who may work on a booking's visit: an owner or admin always; its technician; and, for notes, photos, ticks and the
 * signature only, a technician who had the job before (reassigned while they worked offline: what they did still
 * reaches the booking). Anyone else is told the booking does not exist. A stage is refused in words to a technician
 * who lost the job, and to everyone on a cancelled one. `wasAssigned`: read only when needsPastAssignment says so.
 */
export function assertMayWork(
  actor: Actor,
  booking: Booking,
  work: "stage" | "record",
  wasAssigned: boolean | undefined,
): void {
  if (needsPastAssignment(actor, booking)) {
    if (!wasAssigned) throw new NotFound(MESSAGES.bookingNotFound);
    if (work === "stage") throw new Conflict(MESSAGES.jobReassigned);
  }
  if (work === "stage" && booking.status === "cancelled") throw new Conflict(MESSAGES.jobCancelled);
}

/** True when a technician not on the job asks: only then is their past with it read. */
export const needsPastAssignment = (actor: Actor, booking: Booking) =>
  isTechnician(actor) && booking.technicianId !== actor.id;

/** Who may see a booking's photos: admins, its technician, and whoever took the photo. */
export function maySeeImage(user: SessionUser, booking: Booking, takenBy: string | null): boolean {
  return user.role !== "technician" || booking.technicianId === user._id || takenBy === user._id;
}
