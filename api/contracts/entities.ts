import type { ChecklistItem } from "./checklists.ts";
import type { BookingRules } from "./booking-rules.ts";
import type { VisitStage } from "./visit.ts";

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export interface ServicePackage {
  name: string;
  price: number;
  features: string[];
  isPopular: boolean;
}

export interface Service {
  _id: string;
  title: string;
  description: string;
  image: string;
  benefits: string[];
  process: string[];
  duration: string;
  price: number;
  coverage: string;
  packages: ServicePackage[];
  /** What a technician ticks on a job of this service (issue 21). */
  checklist: ChecklistItem[];
  updatedAt: string;
}

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
  /** The staff member (a technician) who does the job; null while unassigned. */
  technicianId: string | null;
  /** That technician's name, for the lists and the schedule; null while unassigned. */
  technicianName: string | null;
  /** Where the technician's visit stands (issue 17), and since when (null while scheduled). */
  visitStage: VisitStage;
  visitStageAt: string | null;
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

/** Roles of the staff (decision 0030): an owner is an admin who alone may change another owner. */
export const STAFF_ROLES = ["owner", "admin", "technician"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Roles that run the business: everything but a technician. */
export const ADMIN_ROLES: readonly StaffRole[] = ["owner", "admin"];
export const isAdminRole = (role: StaffRole) => role === "owner" || role === "admin";

export const STAFF_STATUSES = ["invited", "active", "deactivated"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** The signed-in person, whatever their role: the `user` of a login and what a token names. */
export interface SessionUser {
  _id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** The name the code used when every account was an admin's; a session user of any role. */
export type AdminUser = SessionUser;

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

/** A staff member as admins see them (GET /api/staff). */
export interface StaffMember extends SessionUser {
  phone: string;
  /** A CSS hex colour (`#rrggbb`) for the schedule. */
  color: string;
  status: StaffStatus;
  /** ISO instant of the last login or invitation accepted; null before. */
  lastSignInAt: string | null;
  createdAt: string;
}

/** PUT /api/staff/{id}: the member, and (after a deactivation) their upcoming jobs to give to someone else. */
export interface StaffUpdateResponse {
  data: StaffMember;
  jobsToReassign: Booking[];
}

/** GET /api/invitations/{token}: who is invited. */
export interface InvitationView {
  name: string;
  email: string;
}

/** GET /api/schedule?date=: the day's jobs, one column per active technician plus the unassigned ones. */
export interface DaySchedule {
  date: string;
  technicians: { technician: Pick<StaffMember, "_id" | "name" | "color">; jobs: Booking[] }[];
  unassigned: Booking[];
}

/** Who the business is (DESIGN "Business profile"): every page, the manifest and the e-mails read it from here. */
export interface BusinessProfile {
  name: string;
  /** The brand in the navigation bar and the installed app's name under its icon (manifest short_name). */
  shortName: string;
  phone: string;
  email: string;
  /** `state` is a two-letter US state code (api/contracts/states.ts). */
  address: { street: string; city: string; state: string; zip: string };
  /** Where the business works, as a phrase that reads after "in" or "across": "the Charlotte area". */
  serviceArea: string;
  founded: number;
  timeZone: string;
  /** How many days ahead a visit may be booked: the date pickers offer nothing later (= bookingRules.horizonDays). */
  bookingHorizonDays: number;
  /** Hours, closed dates, lead time, horizon, discount tiers and service area of the settings: the rules' argument. */
  bookingRules: BookingRules;
  /** The hours line of SPEC §1: "Mon-Sun 7:00 AM - 7:00 PM". */
  hours: string;
  /** Its short variant in the top bar and footer: "Mon-Sun: 7:00AM - 7:00PM / Sat-close". */
  hoursShort: string;
  /** The hours in running text, closed days included: "We are open {hoursText}." */
  hoursText: string;
  claims: {
    years: string;
    clients: string;
    projects: string;
    satisfaction: string;
    technicians: string;
    emergency: string;
  };
  certifications: string[];
}

/** Answer of every mutation: `{ data: entity }`. */
export interface DataEnvelope<T> {
  data: T;
}

/** Answer of every error. */
export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "status",
  "delete",
  "resend",
  "assign",
  "invite",
  // A technician's visit (issue 17): a stage, a note, a photo, the customer's signature.
  "visit",
  "note",
  "photo",
  "signature",
  // Field evidence (issue 21): a checklist tick, and an admin completing a job without its evidence.
  "checklist",
  "override",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's change: only `to` on create, only `from` on delete. */
export interface FieldChange {
  from?: unknown;
  to?: unknown;
}

/** One admin change of a booking or a service (GET /api/bookings/{id}/history answers these, newest first). */
export interface AuditEntry {
  _id: string;
  /** ISO instant of the change. */
  at: string;
  adminId: string | null;
  adminEmail: string;
  entityType: "booking" | "service" | "mail" | "settings" | "staff";
  entityId: string;
  action: AuditAction;
  /** Only the fields that changed, by name. */
  changes: Record<string, FieldChange>;
}
