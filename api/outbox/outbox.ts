import type { MailRecord } from "../contracts/outbox/mail.ts";
import type { Tx } from "../db/client.ts";
import type { OutboxOrder } from "./orders.ts";

/**
 * Everything sent later (e-mails, staff pushes, reminders) goes through here: one table, written in the change's
 * own transaction, and one worker that sends what is due on its channel.
 */
export interface Outbox {
  /** Writes the orders in the caller's transaction: they exist exactly when the change does. */
  write(tx: Tx, orders: readonly OutboxOrder[]): Promise<void>;
  /** Every e-mail about one booking, oldest first (admins see them on the booking). */
  forBooking(bookingId: string): Promise<MailRecord[]>;
  /**
   * An e-mail that failed for good, queued again from now with its attempts reset, in the caller's transaction;
   * null for an unknown id. Throws Conflict when it has not failed or its body is past the retention.
   */
  resend(tx: Tx, id: string): Promise<MailRecord | null>;
  /** After the transaction committed: send what is due now rather than at the next poll. */
  wake(): void;
}
