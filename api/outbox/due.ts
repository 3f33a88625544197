import type { Sql } from "../db/client.ts";
import { DEFAULT_REMINDERS, type ReminderSettings } from "../contracts/outbox/reminders.ts";
import { onceUnlessFailed } from "../platform/once.ts";

/** A claimed outbox row, as the worker decides what to do with it. */
export interface DueMessage {
  id: string;
  kind: string;
  channel: "mail" | "push";
  booking_id: string | null;
  to_address: string;
  created_at: Date;
  message: unknown;
}

/** Thrown by a sender when a message must never be tried again (a push subscription gone): it is skipped. */
export class NotSent extends Error {}

/** A staff notification is worth showing within this long; later it is old news. */
export const PUSH_FRESH_MS = 24 * 3_600_000;

const reminderSettings = async (sql: Sql): Promise<ReminderSettings> => {
  const [row] = await sql<{ reminders: ReminderSettings }[]>`select reminders from business_settings`;
  return { ...DEFAULT_REMINDERS, ...row?.reminders };
};

/** Why a message that fell due is no longer sent, or null to send it (dropCheck). */
export type DropCheck = (row: DueMessage, now: Date) => Promise<string | null>;

/**
 * The policy per kind for one batch of the worker, checked just before sending, so what happened since a message
 * was written (months, for a rebook reminder) decides. The reminder switches of Settings are read once per batch,
 * when its first reminder asks, rather than once per reminder; a change shows from the next batch on.
 */
export function dropCheck(sql: Sql): DropCheck {
  // A failed read is not kept: the batch's next reminder asks again.
  const settings = onceUnlessFailed(() => reminderSettings(sql));
  return (row, now) => dropReason(sql, row, now, settings);
}

async function dropReason(
  sql: Sql,
  row: DueMessage,
  now: Date,
  reminders: () => Promise<ReminderSettings>,
): Promise<string | null> {
  if (row.channel === "push") {
    return now.getTime() - row.created_at.getTime() > PUSH_FRESH_MS ? "Too old to notify" : null;
  }
  if (row.kind === "technician-on-the-way" && row.booking_id) {
    // Sent late from a device that was offline: once the technician has arrived, the e-mail would be news of the past.
    const [booking] = await sql<
      { visit_stage: string }[]
    >`select visit_stage from bookings where id = ${row.booking_id}`;
    if (booking && (booking.visit_stage === "on_site" || booking.visit_stage === "completed")) {
      return "The technician had already arrived";
    }
  }
  if (row.kind === "visit-reminder" || row.kind === "rebook-reminder") {
    // A change of the booking deletes its pending reminders, also one a worker has claimed and holds in memory.
    const [kept] = await sql`select 1 from mail_outbox where id = ${row.id}`;
    if (!kept) return "A later change of the booking replaced it";
  }
  if (row.kind === "visit-reminder") {
    return (await reminders()).visit ? null : "Visit reminders are turned off in Settings";
  }
  if (row.kind === "rebook-reminder") {
    if (!(await reminders()).rebook) return "Rebook reminders are turned off in Settings";
    const [unsubscribed] = await sql`
      select 1 from mail_preferences where email = lower(${row.to_address}) and unsubscribed_at is not null`;
    if (unsubscribed) return "The customer unsubscribed";
    const [again] = await sql`
      select 1 from bookings
      where lower(email) = lower(${row.to_address}) and created_at > ${row.created_at} and status <> 'cancelled'
      limit 1`;
    if (again) return "The customer booked again";
  }
  return null;
}
