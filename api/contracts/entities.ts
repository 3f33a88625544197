import type { ServiceKey } from "./services.ts";

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
  serviceType: ServiceKey;
  unitCount: number;
  cleaningDate: string;
  cleaningTime: string;
  comment: string;
  originalPrice: number;
  discountAmount: number;
  estimatedPrice: number;
  status: BookingStatus;
  timeZone: string;
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

export interface AdminUser {
  _id: string;
  email: string;
  name: string;
  role: "admin";
}

export interface LoginResponse {
  token: string;
  user: AdminUser;
}

export interface BusinessProfile {
  name: string;
  phone: string;
  email: string;
  address: { street: string; city: string; state: string; zip: string };
  founded: number;
  timeZone: string;
  hours: string;
  hoursShort: string;
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

export const AUDIT_ACTIONS = ["create", "update", "status", "delete"] as const;
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
  entityType: "booking" | "service";
  entityId: string;
  action: AuditAction;
  /** Only the fields that changed, by name. */
  changes: Record<string, FieldChange>;
}
