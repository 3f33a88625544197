import type { Actor } from "../contracts/common/actor.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { MailRecord } from "../contracts/outbox/mail.ts";
import type { SettingsProfile } from "../contracts/settings/settings.ts";
import type { Tx } from "../db/client.ts";
import type { ServiceReport } from "./mail/templates.ts";

/** Who made a change (Actor's role): a customer's change is copied to the business inbox, an admin's is not. */
type By = Actor["role"];

/** A change of a booking the customer (and maybe the business) is told of by e-mail. */
export type BookingChange =
  | { kind: "confirmed"; booking: Booking; manageToken: string; by: By }
  | { kind: "rescheduled"; booking: Booking; previous: Booking; manageToken: string; by: By }
  | { kind: "restored"; booking: Booking; manageToken: string; by: By }
  /** `deleted`: an admin removed the booking; the customer hears it as a cancellation, the business inbox too. */
  | { kind: "cancelled"; booking: Booking; by: By; deleted?: boolean };

/** What the technician's visit tells the customer: who is on the way, and the report when the job is done. */
export type VisitMail =
  | { kind: "on-the-way"; booking: Booking; technicianName: string }
  | { kind: "report"; booking: Booking; report: Omit<ServiceReport, "bookAgainUrl"> };

/** Who is invited, and the path (`/invite/{token}`) the link opens on the site. */
export interface StaffInvite {
  name: string;
  email: string;
  path: string;
  expiresAt: Date;
}

/**
 * The mail outbox: messages are written in the caller's transaction (so they exist exactly when the change does),
 * then sent by the worker; a booking's everyday e-mails are named there and rendered by the worker (issue 20).
 */
export interface MailOutbox {
  /**
   * What the caller has already read in this transaction and the e-mails of a booking of `serviceType` say besides
   * the booking: the service's title, and the business's profile as the settings hold it. The messages of this
   * transaction use them instead of reading them again (a new booking's hot path, issue 20).
   */
  knownContext(tx: Tx, serviceType: string, known: { serviceTitle: string; settingsProfile: SettingsProfile }): void;
  bookingChanged(tx: Tx, change: BookingChange): Promise<void>;
  /**
   * A booking new in this transaction: the customer's and the office's e-mails and its visit reminder, in one
   * statement (issue 20). The reminder is the one setReminders would write, without the delete or token read that a
   * booking written before needs.
   */
  bookingCreated(tx: Tx, created: { booking: Booking; manageToken: string }): Promise<void>;
  contactReceived(tx: Tx, message: ContactMessage): Promise<void>;
  /** A staff member's invitation, with the link to choose a password (the token in clear only here). */
  staffInvited(tx: Tx, invite: StaffInvite): Promise<void>;
  /** A job given to a technician shortly before the visit: they may not look at their screen in time. */
  jobAssigned(tx: Tx, job: { booking: Booking; technician: { name: string; email: string } }): Promise<void>;
  /** The customer's e-mail from the technician's visit (issue 17); due at `dueAt` when given, else now. */
  visitChanged(tx: Tx, mail: VisitMail, dueAt?: Date): Promise<void>;
  /**
   * Sets the booking's reminders after any write of it (issue 19): the pending visit reminder is replaced by one
   * for the visit as it is now, or removed when none is due (cancelled, completed, deleted, too late); a completed
   * visit gets its one rebook reminder, removed while pending if the visit is taken back or deleted.
   */
  setReminders(
    tx: Tx,
    booking: Booking,
    /** `manageToken`: the booking's, when the caller has read it already (no second read). */
    options?: { deleted?: boolean; manageToken?: string },
  ): Promise<void>;
  /**
   * Web push to staff devices about a change of a booking (issue 19), through this same outbox: a new booking
   * (`before` null) to the office, a technician's own job to them. True when it wrote any. `serviceTitle`: the
   * service's title, when the caller has it (a new booking), so the rows leave with the caller's other writes.
   */
  notifyStaff(tx: Tx, before: Booking | null, after: Booking | null, serviceTitle?: string): Promise<boolean>;
  /** Every message about one booking, oldest first (admins see them on the booking). */
  forBooking(bookingId: string): Promise<MailRecord[]>;
  /**
   * A message that failed for good, queued again from now with its attempts reset, in the caller's transaction;
   * null for an unknown id. Throws Conflict when it has not failed or its body is past the retention.
   */
  resend(tx: Tx, id: string): Promise<MailRecord | null>;
  /** After the transaction committed: send what is due now rather than at the next poll. */
  wake(): void;
}

/** Which e-mail an admin's change of a booking calls for, if any. */
export function changeKind(
  before: Booking,
  after: Booking,
): "confirmed" | "cancelled" | "rescheduled" | "restored" | null {
  if (after.status === "cancelled" && before.status !== "cancelled") return "cancelled";
  // A cancelled visit taken back: the customer's calendar dropped it, so a fresh file puts it back.
  if (before.status === "cancelled" && (after.status === "pending" || after.status === "confirmed")) return "restored";
  if (after.status === "confirmed" && before.status !== "confirmed") return "confirmed";
  const moved = after.cleaningDate !== before.cleaningDate || after.cleaningTime !== before.cleaningTime;
  if (moved && (after.status === "pending" || after.status === "confirmed")) return "rescheduled";
  return null;
}
