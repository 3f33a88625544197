import type { Sql } from "../../db/client.ts";
import type { DueMessage } from "../channel.ts";

/**
 * Whether nothing is owed on a booking: no invoice, or its invoice paid in full or void (decision 0056). A rating
 * e-mail that falls due while something is owed is skipped; the payment that settles the invoice orders it again,
 * and the outbox's one-per-booking rule keeps it to one e-mail.
 */
export async function isBookingSettled(sql: Sql, bookingId: string): Promise<boolean> {
  const [owed] = await sql`
    select 1 from invoices where booking_id = ${bookingId} and voided_at is null and paid_cents < total_cents limit 1`;
  return !owed;
}

/**
 * Why a "How did we do?" e-mail that fell due is not sent: the switch in Settings is off, the visit is no longer
 * completed (taken back, deleted), it was rated already (through the portal), or something is still owed on it.
 */
export async function ratingDropReason(sql: Sql, row: DueMessage): Promise<string | null> {
  const [settings] = await sql<{ rating_email: boolean }[]>`select rating_email from business_settings`;
  if (settings && !settings.rating_email) return "Rating e-mails are turned off in Settings";
  if (!row.booking_id) return null;
  const [booking] = await sql<{ status: string; rated: boolean }[]>`
    select b.status, exists (select 1 from booking_ratings r where r.booking_id = b.id) as rated
    from bookings b where b.id = ${row.booking_id}`;
  if (!booking || booking.status !== "completed") return "The visit is no longer completed";
  if (booking.rated) return "The customer already rated the visit";
  if (!(await isBookingSettled(sql, row.booking_id))) return "The visit is not paid yet";
  return null;
}
