import type { Booking } from "../contracts/bookings/booking.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { BookingDeleted, JobUnassigned } from "../contracts/realtime/events.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { EstimateApproved } from "../contracts/estimates/estimate.ts";
import type { Invoice, InvoicePaid } from "../contracts/invoices/invoice.ts";
import type { RatingReceived } from "../contracts/portal/portal.ts";
import type { TextMessageEvent } from "../contracts/texts/texts.ts";

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
  /** A customer rated a visit, whatever the stars: to admins only. */
  ratingReceived(rating: RatingReceived): void;
  /** New public profile after a settings change: to every socket, visitors' too. */
  settingsChanged(profile: BusinessProfile): void;
  /** A job given to a technician: to that technician's room only. */
  jobAssigned(technicianId: string, booking: Booking): void;
  /** A job taken from a technician (reassigned, unassigned or deleted): to that technician's room only. */
  jobUnassigned(technicianId: string, payload: JobUnassigned): void;
  /** A customer approved an estimate: to admins only. */
  estimateApproved(payload: EstimateApproved): void;
  /** To admins, and to the technician of the invoice's booking when it has one. */
  invoiceUpdated(invoice: Invoice, technicianId: string | null): void;
  /** To admins only. */
  invoicePaid(payload: InvoicePaid): void;
  /** A text came in or changed state: to admins only. */
  textMessage(payload: TextMessageEvent): void;
  /**
   * A staff member's tokens were revoked (logout, password change, role change, deactivation): close that
   * person's open sockets everywhere.
   */
  tokensRevoked(adminId: string): void;
  /** One session was revoked (logout, or ended from the devices list): close its sockets everywhere. */
  sessionRevoked(sessionId: string): void;
}
