import { DEFAULT_REMINDERS, type ReminderSettings } from "../../contracts/outbox/reminders.ts";
import type { Sql } from "../../db/client.ts";
import type { DueMessage } from "../channel.ts";

export const isReminder = (kind: string) => kind === "visit-reminder" || kind === "rebook-reminder";

/** Why a reminder is not sent after its booking changed: the change deleted it and wrote the one now due. */
export const REPLACED_REMINDER = "A later change of the booking replaced it";

const reminderSettings = async (sql: Sql): Promise<ReminderSettings> => {
  const [row] = await sql<{ reminders: ReminderSettings }[]>`select reminders from business_settings`;
  return { ...DEFAULT_REMINDERS, ...row?.reminders };
};

/**
 * Why a reminder that fell due is no longer sent, checked just before sending, so what happened since it was written
 * (months, for a rebook reminder) decides: a later change replaced it, Settings turned it off, the customer
 * unsubscribed or booked again. `switches`: the reminder switches of Settings, read once per batch.
 */
export async function reminderDropReason(
  sql: Sql,
  row: DueMessage,
  switches: () => Promise<ReminderSettings>,
): Promise<string | null> {
  // A change of the booking deletes its pending reminders, also one a worker has claimed and holds in memory.
  const [kept] = await sql`select 1 from outbox where id = ${row.id}`;
  if (!kept) return REPLACED_REMINDER;
  if (row.kind === "visit-reminder") {
    if (!(await switches()).visit) return "Visit reminders are turned off in Settings";
    const [off] = await sql`
      select 1 from mail_preferences where email = lower(${row.to_address}) and visit_reminders_off_at is not null`;
    return off ? "The customer turned visit reminders off" : null;
  }
  if (!(await switches()).rebook) return "Rebook reminders are turned off in Settings";
  const [unsubscribed] = await sql`
    select 1 from mail_preferences where email = lower(${row.to_address}) and unsubscribed_at is not null`;
  if (unsubscribed) return "The customer unsubscribed";
  const [again] = await sql`
    select 1 from bookings
    where lower(email) = lower(${row.to_address}) and created_at > ${row.created_at} and status <> 'cancelled'
    limit 1`;
  if (again) return "The customer booked again";
  return null;
}

/** The reminder switches of Settings, read when a batch's first reminder asks (a failed read is asked again). */
export const reminderSwitches = (sql: Sql) => () => reminderSettings(sql);
