import type { Booking, BusinessProfile } from "../contracts/entities.ts";
import type { BookingDeleted, JobUnassigned } from "../contracts/events.ts";
import type { ContactMessage } from "../contracts/mail.ts";

/** What the API tells the staff's screens; the Socket.IO server implements it, tests record it. */
export interface RealtimeEmitter {
  /** To admins only. */
  newBooking(booking: Booking): void;
  /**
   * To admins, and to the booking's technician unless `toTechnician` is false (they were just told of it by
   * jobAssigned).
   */
  bookingUpdated(booking: Booking, options?: { toTechnician?: boolean }): void;
  /** To admins only (the technician of a deleted job hears jobUnassigned). */
  bookingDeleted(payload: BookingDeleted): void;
  /** To admins only. */
  contactMessage(message: ContactMessage): void;
  /** New public profile after a settings change: to every socket, visitors' too. */
  settingsChanged(profile: BusinessProfile): void;
  /** A job given to a technician: to that technician's room only. */
  jobAssigned(technicianId: string, booking: Booking): void;
  /** A job taken from a technician (reassigned, unassigned or deleted): to that technician's room only. */
  jobUnassigned(technicianId: string, payload: JobUnassigned): void;
  /**
   * A staff member's tokens were revoked (logout, password change, role change, deactivation): close that
   * person's open sockets everywhere.
   */
  tokensRevoked(adminId: string): void;
}
