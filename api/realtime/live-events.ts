import type { Booking } from "../contracts/bookings/booking.ts";
import type { EstimateApproved } from "../contracts/estimates/estimate.ts";
import type { Invoice, InvoicePaid } from "../contracts/invoices/invoice.ts";
import type { BookingDeleted, JobUnassigned } from "../contracts/realtime/events.ts";
import type { RealtimeEmitter } from "./emitter.ts";

/** What a committed change tells the staff's screens, as data: decided with the change, told after its commit. */
export type LiveEvent =
  | { event: "newBooking"; booking: Booking }
  /** `toTechnician` false: the booking's technician was just told of it by jobAssigned. */
  | { event: "bookingUpdated"; booking: Booking; toTechnician: boolean }
  | { event: "bookingDeleted"; payload: BookingDeleted }
  | { event: "jobAssigned"; technicianId: string; booking: Booking }
  | { event: "jobUnassigned"; technicianId: string; payload: JobUnassigned }
  | { event: "estimateApproved"; payload: EstimateApproved }
  | { event: "invoiceUpdated"; invoice: Invoice; technicianId: string | null }
  | { event: "invoicePaid"; payload: InvoicePaid };

/** Tells the events, in order, through the emitter (each technician hears of their own jobs only). */
export function announce(realtime: RealtimeEmitter, events: readonly LiveEvent[]): void {
  for (const e of events) {
    switch (e.event) {
      case "newBooking":
        realtime.newBooking(e.booking);
        break;
      case "bookingUpdated":
        realtime.bookingUpdated(e.booking, { toTechnician: e.toTechnician });
        break;
      case "bookingDeleted":
        realtime.bookingDeleted(e.payload);
        break;
      case "jobAssigned":
        realtime.jobAssigned(e.technicianId, e.booking);
        break;
      case "jobUnassigned":
        realtime.jobUnassigned(e.technicianId, e.payload);
        break;
      case "estimateApproved":
        realtime.estimateApproved(e.payload);
        break;
      case "invoiceUpdated":
        realtime.invoiceUpdated(e.invoice, e.technicianId);
        break;
      case "invoicePaid":
        realtime.invoicePaid(e.payload);
        break;
    }
  }
}
