import type { Booking } from "../bookings/booking.ts";
import type { StaffLocale } from "./language.ts";

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
  /** The language they work in, as a sign-in answers it (a token does not carry it). */
  locale?: StaffLocale;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  /** The sign-in policy wants a second factor first: this session may only set one up until then. */
  setupRequired?: true;
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
