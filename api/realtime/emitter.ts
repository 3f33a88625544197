import type { Booking, BusinessProfile } from "../contracts/entities.ts";
import type { BookingDeleted } from "../contracts/events.ts";
import type { ContactMessage } from "../contracts/mail.ts";

/** What the API tells the admins' dashboards; the Socket.IO server implements it, tests record it. */
export interface RealtimeEmitter {
  newBooking(booking: Booking): void;
  bookingUpdated(booking: Booking): void;
  bookingDeleted(payload: BookingDeleted): void;
  contactMessage(message: ContactMessage): void;
  /** New public profile after a settings change: to every socket, visitors' too. */
  settingsChanged(profile: BusinessProfile): void;
  /** An admin's tokens were revoked (logout, password change): close that admin's open sockets everywhere. */
  tokensRevoked(adminId: string): void;
}
