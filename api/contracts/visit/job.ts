import type { Booking } from "../bookings/booking.ts";
import type { ApprovedWork, Estimate } from "../estimates/estimate.ts";
import type { Invoice } from "../invoices/invoice.ts";
import type { BookingChecklistItem } from "./checklists.ts";
import type { Visit, VisitNote, VisitPhoto, VisitSignature } from "./visit.ts";

/** GET /api/bookings/{id} for staff: the booking with its visit, notes, photos and signature. */
export interface JobDetails extends Booking {
  visit: Visit;
  notes: VisitNote[];
  photos: VisitPhoto[];
  signature: VisitSignature | null;
  /** The service's checklist with this job's ticks. */
  checklist: BookingChecklistItem[];
  /** The booking's estimates, oldest first. */
  estimates: Estimate[];
  /** The approved options of those estimates and their total: the extra work the job now includes. */
  approvedWork: ApprovedWork;
  /** The booking's invoice, once it has one. */
  invoice: Invoice | null;
  /** The customer's "How did we do?", once given: every rating, whatever its stars. */
  rating?: CustomerRating | null;
}

export interface CustomerRating {
  stars: number;
  comment: string;
  createdAt: string;
}
