import type { CustomerKey } from "../../../db/customer-key.ts";
import type { Booking, BookingStatus } from "../../../contracts/bookings/booking.ts";
import type { BookingFields } from "../../../contracts/bookings/schemas.ts";
import type { PhotoKind, PhotoType, VisitStage } from "../../../contracts/visit/visit.ts";

/** A booking's fields as a client may send them; the prices it sends are never read. */
export type CustomerFields = Omit<BookingFields, "estimatedPrice" | "originalPrice" | "discountAmount" | "locale">;

/** Every change of a booking there is, whoever asks: one command, one path. */
export type BookingCommand =
  /** The office edits the booking's fields (and maybe its status); its prices stay unless service or units change. */
  | { kind: "edit"; fields: CustomerFields; status?: BookingStatus }
  /** `keepDeposit`: an admin cancelling keeps the job's held deposit, for this reason (else it is refunded). */
  | { kind: "status"; status: BookingStatus; keepDeposit?: string }
  /** A technician's id, or null to unassign. */
  | { kind: "assign"; technicianId: string | null }
  /** The customer, through their link, under the terms. */
  | { kind: "cancel" }
  | { kind: "move"; cleaningDate: string; cleaningTime: string }
  /** The visit moves to a stage (a technician forward only, an admin either way), as the device saw it. */
  | { kind: "stage"; stage: VisitStage; note?: string; customerNotPresent?: boolean; at?: string }
  /** The office's dispatch board: technician, date and time in one change, checked against the technician's day. */
  | { kind: "dispatch"; technicianId: string | null; cleaningDate: string; cleaningTime: string }
  /** The office's own duration for this one job, in minutes (null: its service's again). */
  | { kind: "duration"; minutes: number | null }
  | { kind: "delete" };

/** An image from the field, its type checked against its bytes and its metadata stripped. */
export interface FieldImage {
  type: PhotoType;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * What a technician records on a visit: it touches only its own record, never the booking's fields, version or
 * reminders.
 */
export type VisitRecordCommand =
  | { kind: "note"; text: string; at?: string }
  | { kind: "tick"; itemId: string; done: boolean; at?: string }
  | { kind: "photo"; photoKind: PhotoKind; image: FieldImage; at?: string }
  | { kind: "signature"; image: FieldImage };

/**
 * Which booking a command is for: by id (staff), by the secret of the customer's link, or by id for a signed-in
 * customer, found only when it is theirs (its e-mail, case aside).
 */
export type BookingTarget = { id: string; customer?: CustomerKey } | { manageToken: string };

/** What must follow a decision (the audit entries, the outbox's orders, the live events), as data. */
export type { Effects } from "../../../platform/effects.ts";

/** A booking as it was locked for a change, with the secret of its manage link (read with it, one statement). */
export interface Locked {
  booking: Booking;
  manageToken: string;
}
