import type { VisitStage } from "../visit/visit.ts";

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * How GET /api/bookings may order its rows: by visit date, by when booked, by price, by the customer's name. Here, not
 * beside the list's query schema, so the office's filters read them without the validation library.
 */
export const BOOKING_SORTS = ["date", "-date", "created", "-created", "amount", "-amount", "name"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** A booking as the API answers it (a GET /api/bookings row, a newBooking payload). */
export interface Booking {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  homeAddress: string;
  city: string;
  state: string;
  zip: string;
  furnaceOrUnit: string;
  /** The `_id` of a service (the eight seeded ones are SPEC's service keys). */
  serviceType: string;
  unitCount: number;
  cleaningDate: string;
  cleaningTime: string;
  comment: string;
  originalPrice: number;
  discountAmount: number;
  estimatedPrice: number;
  status: BookingStatus;
  timeZone: string;
  /**
   * The customer record the booking belongs to, and the property (service address) visited. Null only for a row
   * that reached the table without one (an import, an older instance) until the worker links it.
   */
  customerId: string | null;
  propertyId: string | null;
  /** The staff member (a technician) who does the job; null while unassigned. */
  technicianId: string | null;
  /** That technician's name, for the lists and the schedule; null while unassigned. */
  technicianName: string | null;
  /** Where the technician's visit stands, and since when (null while scheduled). */
  visitStage: VisitStage;
  visitStageAt: string | null;
  /** The office's own duration in minutes for this job; absent while it follows its service's (see board.ts). */
  durationOverrideMinutes?: number | null;
  /** Raised by one on every change; a write naming an older version answers 409. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface SlotAvailability {
  time: string;
  capacity: number;
  remaining: number;
}

export interface Availability {
  date: string;
  /** Null when the date itself cannot be booked; else the reason is absent. */
  closedReason: string | null;
  slots: SlotAvailability[];
}
