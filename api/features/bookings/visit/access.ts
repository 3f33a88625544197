import type { SessionUser } from "../../../contracts/staff/staff.ts";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { Tx } from "../../../db/client.ts";
import { Conflict, NotFound } from "../../../errors.ts";
import type { VisitsRepo } from "./repo.ts";

/**
 * Who may work on a booking's visit: an owner or admin always; its technician; and, for notes, photos and the
 * signature only, a technician who had the job before (reassigned while they worked offline: what they did still
 * reaches the booking). Anyone else is told the booking does not exist. A stage is refused in words to a
 * technician who lost the job, and to everyone on a cancelled one.
 */
export async function assertMayWork(
  visits: VisitsRepo,
  tx: Tx,
  user: SessionUser,
  booking: Booking,
  work: "stage" | "record",
): Promise<void> {
  const admin = user.role !== "technician";
  const current = booking.technicianId === user._id;
  if (!admin && !current) {
    if (!(await visits.wasAssigned(booking._id, user._id, tx))) throw new NotFound(MESSAGES.bookingNotFound);
    if (work === "stage") throw new Conflict(MESSAGES.jobReassigned);
  }
  if (work === "stage" && booking.status === "cancelled") throw new Conflict(MESSAGES.jobCancelled);
}

/** Who may see a booking's photos: admins, its technician, and whoever took the photo. */
export function maySeeImage(user: SessionUser, booking: Booking, takenBy: string | null): boolean {
  return user.role !== "technician" || booking.technicianId === user._id || takenBy === user._id;
}
