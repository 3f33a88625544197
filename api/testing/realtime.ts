import type { Booking } from "../contracts/bookings/booking.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { BookingDeleted, JobUnassigned } from "../contracts/realtime/events.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { EstimateApproved } from "../contracts/estimates/estimate.ts";
import type { Invoice, InvoicePaid } from "../contracts/invoices/invoice.ts";
import type { RatingReceived } from "../contracts/portal/portal.ts";
import type { TextMessageEvent } from "../contracts/texts/texts.ts";
import type { RealtimeEmitter } from "../realtime/emitter.ts";

export type RecordedEvent =
  | { event: "newBooking"; payload: Booking }
  | { event: "bookingUpdated"; payload: Booking }
  | { event: "bookingDeleted"; payload: BookingDeleted }
  | { event: "contactMessage"; payload: ContactMessage }
  | { event: "ratingReceived"; payload: RatingReceived }
  | { event: "settingsChanged"; payload: BusinessProfile }
  | { event: "tokensRevoked"; payload: { adminId: string } }
  | { event: "sessionRevoked"; payload: { sessionId: string } }
  | { event: "jobAssigned"; payload: { technicianId: string; booking: Booking } }
  | { event: "jobUnassigned"; payload: { technicianId: string } & JobUnassigned }
  | { event: "estimateApproved"; payload: EstimateApproved }
  | { event: "invoiceUpdated"; payload: { invoice: Invoice; technicianId: string | null } }
  | { event: "invoicePaid"; payload: InvoicePaid }
  | { event: "textMessage"; payload: TextMessageEvent };

/** Keeps the events in memory instead of sending them (tests of the HTTP API alone). */
export function recordingEmitter(): RealtimeEmitter & { events: RecordedEvent[] } {
  const events: RecordedEvent[] = [];
  return {
    events,
    newBooking: (payload) => events.push({ event: "newBooking", payload }),
    bookingUpdated: (payload) => events.push({ event: "bookingUpdated", payload }),
    bookingDeleted: (payload) => events.push({ event: "bookingDeleted", payload }),
    contactMessage: (payload) => events.push({ event: "contactMessage", payload }),
    ratingReceived: (payload) => events.push({ event: "ratingReceived", payload }),
    settingsChanged: (payload) => events.push({ event: "settingsChanged", payload }),
    tokensRevoked: (adminId) => events.push({ event: "tokensRevoked", payload: { adminId } }),
    sessionRevoked: (sessionId) => events.push({ event: "sessionRevoked", payload: { sessionId } }),
    jobAssigned: (technicianId, booking) => events.push({ event: "jobAssigned", payload: { technicianId, booking } }),
    jobUnassigned: (technicianId, payload) =>
      events.push({ event: "jobUnassigned", payload: { technicianId, ...payload } }),
    estimateApproved: (payload) => events.push({ event: "estimateApproved", payload }),
    invoiceUpdated: (invoice, technicianId) =>
      events.push({ event: "invoiceUpdated", payload: { invoice, technicianId } }),
    invoicePaid: (payload) => events.push({ event: "invoicePaid", payload }),
    textMessage: (payload) => events.push({ event: "textMessage", payload }),
  };
}
