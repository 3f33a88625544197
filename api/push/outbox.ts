import type { Booking } from "../contracts/entities.ts";
import { noticeLine, type PushPayload, staffNotices } from "../contracts/push.ts";
import { jsonb, type Tx } from "../db/client.ts";

/** What a push row of the outbox holds: the subscription to send to, and what the notification shows. */
export interface PushMessage {
  subscriptionId: string;
  payload: PushPayload;
}

/**
 * Writes the staff notifications a change of a booking calls for, one outbox row per device, in the change's
 * transaction; true when it wrote any. Deactivated staff have no devices to reach (their rows are not written).
 */
export async function writeStaffNotices(
  tx: Tx,
  change: { before: Booking | null; after: Booking | null; at: Date },
  /** Read only when some device is to be told (a booking's hot path without subscriptions stays as it was). */
  serviceTitle: () => Promise<string>,
): Promise<boolean> {
  const notices = staffNotices(change.before, change.after);
  let service: string | undefined;
  let wrote = false;
  for (const notice of notices) {
    const devices =
      "office" in notice.audience
        ? await tx<{ id: string }[]>`
            select s.id from push_subscriptions s join admin_users a on a.id = s.staff_id
            where a.role in ('owner', 'admin') and a.status = 'active'`
        : await tx<{ id: string }[]>`
            select s.id from push_subscriptions s join admin_users a on a.id = s.staff_id
            where a.id = ${notice.audience.technicianId} and a.status = 'active'`;
    if (devices.length === 0) continue;
    service ??= await serviceTitle();
    const { title, url, tag } = notice;
    const payload: PushPayload = { title, body: noticeLine(notice.booking, service), url, tag };
    const bookingId = (change.after ?? change.before)!._id;
    const rows = devices.map((d) => ({
      kind: notice.kind,
      channel: "push",
      booking_id: bookingId,
      to_address: d.id,
      subject: payload.title,
      message: jsonb(tx, { subscriptionId: d.id, payload } satisfies PushMessage),
      next_attempt_at: change.at,
    }));
    await tx`insert into mail_outbox ${tx(rows, "kind", "channel", "booking_id", "to_address", "subject", "message", "next_attempt_at")}`;
    wrote = true;
  }
  return wrote;
}
