import type { Booking } from "../../contracts/bookings/booking.ts";
import { noticeLine, type PushPayload, staffNotices } from "../../contracts/outbox/push.ts";
import { jsonb, type Tx } from "../../db/client.ts";

/** What a push row of the outbox holds: the subscription to send to, and what the notification shows. */
export interface PushMessage {
  subscriptionId: string;
  payload: PushPayload;
}

/**
 * Writes the staff notifications a change of a booking calls for, one outbox row per device, in the change's
 * transaction; true when it wrote any. Deactivated staff have no devices to reach (their rows are not written).
 * Each notice is one statement that makes its rows from the subscriptions themselves: no read of the devices
 * first, so the office's devices cost a booking no round trip of its own under the slot's lock.
 */
export async function writeStaffNotices(
  tx: Tx,
  change: { before: Booking | null; after: Booking | null; at: Date },
  /**
   * The service's title, or how to read it (only when the change calls for a notice). Given as a string, nothing
   * is awaited before the statements are issued: a new booking's rows then leave in the packet of its insert, ahead
   * of the larger e-mail rows (postgres.js sends at once when its buffer passes 1 KB).
   */
  serviceTitle: string | (() => Promise<string>),
): Promise<boolean> {
  const notices = staffNotices(change.before, change.after);
  if (notices.length === 0) return false;
  const service = typeof serviceTitle === "string" ? serviceTitle : await serviceTitle();
  const bookingId = (change.after ?? change.before)!._id;
  const written = await Promise.all(
    notices.map((notice) => {
      const { title, url, tag } = notice;
      const payload: PushPayload = { title, body: noticeLine(notice.booking, service), url, tag };
      const audience =
        "office" in notice.audience
          ? tx`a.role in ('owner', 'admin')`
          : tx`a.id = ${notice.audience.technicianId}::uuid`;
      // The row's message is a PushMessage: the subscription's id beside the payload.
      return tx`
        insert into mail_outbox (kind, channel, booking_id, to_address, subject, message, next_attempt_at)
        select ${notice.kind}::text, 'push', ${bookingId}::uuid, s.id::text, ${payload.title}::text,
               jsonb_build_object('subscriptionId', s.id::text, 'payload', ${jsonb(tx, payload)}::jsonb),
               ${change.at}::timestamptz
        from push_subscriptions s join admin_users a on a.id = s.staff_id
        where ${audience} and a.status = 'active'`;
    }),
  );
  return written.some((rows) => rows.count > 0);
}
