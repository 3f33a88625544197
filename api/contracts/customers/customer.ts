import type { BookingStatus } from "../bookings/booking.ts";
import type { EstimateStatus } from "../estimates/estimate.ts";
import type { InvoiceStatus } from "../invoices/invoice.ts";

/** A phone of a customer: stored in E.164 ("+17045550131"), with a label ("mobile", "work"). */
export interface CustomerPhone {
  number: string;
  label: string;
}

/** What is installed at a property, for the technician: the unit type and how many. */
export interface Equipment {
  furnaceOrUnit: string;
  units: number;
}

/** A service address of a customer: a landlord or property manager has several. Archived ones keep their visits. */
export interface Property {
  _id: string;
  customerId: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Gate code, pets, where to park: what the technician must know at the door. */
  accessNotes: string;
  equipment: Equipment;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A customer record: a person or a company the business serves. Bookings, estimates, invoices, payments, ratings and
 * portal sessions belong to it; its first e-mail is where mail goes.
 */
export interface Customer {
  _id: string;
  name: string;
  /** Lower-cased, the first is the primary; every booking made with one of them joins this customer. */
  emails: string[];
  phones: CustomerPhone[];
  notes: string;
  tags: string[];
  /** Raised by one on every change; a PUT naming an older version answers 409. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A row of GET /api/customers: the record with what the office's list shows beside it. */
export interface CustomerRow extends Customer {
  /** The first property still in use, as one line ("12 Oak St, Charlotte, NC 28209"); empty without one. */
  address: string;
  bookingCount: number;
  /** The latest visit date, YYYY-MM-DD; null without a booking. */
  lastVisitDate: string | null;
}

/** A visit in a customer's history (newest first). */
export interface CustomerVisit {
  _id: string;
  propertyId: string | null;
  serviceType: string;
  unitCount: number;
  cleaningDate: string;
  cleaningTime: string;
  status: BookingStatus;
  estimatedPrice: number;
  technicianName: string | null;
}

export interface CustomerEstimate {
  _id: string;
  number: string;
  bookingId: string;
  status: EstimateStatus;
  totalCents: number;
  createdAt: string;
}

export interface CustomerInvoice {
  _id: string;
  number: string;
  bookingId: string;
  status: InvoiceStatus;
  totalCents: number;
  balanceCents: number;
  issuedAt: string;
}

export interface CustomerRating {
  bookingId: string;
  stars: number;
  comment: string;
  createdAt: string;
}

/** How many of a customer's records the detail shows at most, newest first; the lists page the rest. */
export const CUSTOMER_DETAIL_LIMIT = 50;

/** GET /api/customers/{id}: the record, its properties, its history and what it owes. */
export interface CustomerDetail extends Customer {
  /** Active ones first, then archived; each with its visits counted. */
  properties: (Property & { visitCount: number })[];
  /** The newest visits across its properties (at most CUSTOMER_DETAIL_LIMIT); `visitCount` says how many in all. */
  visits: CustomerVisit[];
  visitCount: number;
  estimates: CustomerEstimate[];
  invoices: CustomerInvoice[];
  /** The sum of its invoices' balances (void ones aside), in cents. */
  balanceCents: number;
  ratings: CustomerRating[];
}

/** Why two customers may be one person: the same phone, or the same name at the same street. */
export type DuplicateReason = "phone" | "name-street";

/** GET /api/customers/duplicates: pairs for the office to merge or leave; never merged without a person. */
export interface DuplicatePair {
  reason: DuplicateReason;
  /** The older record (the one a merge keeps by default) and the newer one. */
  keep: CustomerRow;
  other: CustomerRow;
}

/** POST /api/customers/{id}/merge answers the kept customer and what moved to it. */
export interface MergeResult {
  data: Customer;
  moved: { bookings: number; properties: number; estimates: number; invoices: number; payments: number };
}
