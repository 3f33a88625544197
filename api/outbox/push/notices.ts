import type { Booking } from "../../contracts/bookings/booking.ts";
import { noticeLine, type PushAudience, type PushPayload, staffNotices } from "../../contracts/outbox/push.ts";

/** What a push row of the outbox holds: the subscription to send to, and what the notification shows. */
export interface PushMessage {
  subscriptionId: string;
  payload: PushPayload;
}

/** One notification to every device of an audience (the office, or one technician). */
export interface PushNotice {
  kind: string;
  bookingId: string;
  audience: PushAudience;
  payload: PushPayload;
}

/**
 * The staff notifications a change of a booking calls for: a new booking to the office, a technician's own job to
 * them. The outbox writes one row per device of the audience.
 */
export function pushNotices(before: Booking | null, after: Booking | null, serviceTitle: string): PushNotice[] {
  const bookingId = (after ?? before)!._id;
  return staffNotices(before, after).map((notice) => {
    const { title, url, tag } = notice;
    return {
      kind: notice.kind,
      bookingId,
      audience: notice.audience,
      payload: { title, body: noticeLine(notice.booking, serviceTitle), url, tag },
    };
  });
}
