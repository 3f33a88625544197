import type { Booking } from "../contracts/entities.ts";
import type { ContactMessage, MailRecord } from "../contracts/mail.ts";
import type { Tx } from "../db/client.ts";

/** Who made a change: customers get a copy to the business inbox, admins do not. */
export type Actor = "customer" | "admin";

/** A change of a booking the customer (and maybe the business) is told of by e-mail. */
export type BookingChange =
  | { kind: "created"; booking: Booking; manageToken: string }
  | { kind: "confirmed"; booking: Booking; manageToken: string; by: Actor }
  | { kind: "rescheduled"; booking: Booking; previous: Booking; manageToken: string; by: Actor }
  | { kind: "cancelled"; booking: Booking; by: Actor };

/**
 * The mail outbox: messages are rendered and written in the caller's transaction (so they exist exactly when
 * the change does), then sent by the worker.
 */
export interface MailOutbox {
  bookingChanged(tx: Tx, change: BookingChange): Promise<void>;
  contactReceived(tx: Tx, message: ContactMessage): Promise<void>;
  /** Every message about one booking, oldest first (admins see them on the booking). */
  forBooking(bookingId: string): Promise<MailRecord[]>;
  /** After the transaction committed: send what is due now rather than at the next poll. */
  wake(): void;
}

/** Which e-mail an admin's change of a booking calls for, if any. */
export function changeKind(before: Booking, after: Booking): "confirmed" | "cancelled" | "rescheduled" | null {
  if (after.status === "cancelled" && before.status !== "cancelled") return "cancelled";
  if (after.status === "confirmed" && before.status !== "confirmed") return "confirmed";
  const moved = after.cleaningDate !== before.cleaningDate || after.cleaningTime !== before.cleaningTime;
  if (moved && (after.status === "pending" || after.status === "confirmed")) return "rescheduled";
  return null;
}

/** Keeps what would be sent in memory (tests of routes that do not look at e-mails). */
export function recordingOutbox(): MailOutbox & { changes: BookingChange[]; contacts: ContactMessage[] } {
  const changes: BookingChange[] = [];
  const contacts: ContactMessage[] = [];
  return {
    changes,
    contacts,
    bookingChanged: (_tx, change) => {
      changes.push(change);
      return Promise.resolve();
    },
    contactReceived: (_tx, message) => {
      contacts.push(message);
      return Promise.resolve();
    },
    forBooking: () => Promise.resolve([]),
    wake: () => {},
  };
}
