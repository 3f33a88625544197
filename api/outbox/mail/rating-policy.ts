import type { Sql } from "../../db/client.ts";
import type { DueMessage } from "../channel.ts";

/**
 * THE SEAM FOR INVOICES: whether a booking is settled, i.e. nothing is owed on it. Until invoices exist nothing can
 * be owed, so every booking is settled. When they land, this answers "no" while the booking has an open invoice
 * (decision 0056): the rating e-mail of a visit paid later is then ordered again by the payment's command, and the
 * outbox's one-per-booking rule keeps it to one e-mail.
 */
export function isBookingSettled(_sql: Sql, _bookingId: string): Promise<boolean> {
  return Promise.resolve(true);
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
