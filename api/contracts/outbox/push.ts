import type { Booking } from "../bookings/booking.ts";
import { firstLetter } from "../common/letters.ts";

/**
 * The browsers' push services (Chrome's FCM, Firefox's Mozilla service, Safari's Apple service, Edge's Windows
 * service): the only places a subscription's endpoint may point by default (PUSH_ENDPOINT_ORIGINS).
 */
export const DEFAULT_PUSH_ENDPOINT_ORIGINS = [
  "https://fcm.googleapis.com",
  "https://android.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://web.push.apple.com",
  "https://*.push.apple.com",
  "https://*.notify.windows.com",
];

/** True when `endpoint` is a URL on one of `origins` (`https://*.host` allows the subdomains of host). */
export function isAllowedEndpoint(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((origin) => {
    const wild = origin.match(/^(https?:)\/\/\*\.(.+)$/i);
    if (!wild) return url.origin === new URL(origin).origin;
    const [, protocol, rest] = wild;
    const suffix = new URL(`${protocol}//${rest}`);
    return url.protocol === suffix.protocol && url.port === suffix.port && url.hostname.endsWith(`.${suffix.hostname}`);
  });
}

/** What a staff device's notification shows, and nothing more: no e-mail, phone or address. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens (the booking in the dashboard, or the technician's job). */
  url: string;
  /** One notification per booking: a later one replaces it. */
  tag: string;
}

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Who hears of a change: every owner and admin, or one technician. */
export type PushAudience = { office: true } | { technicianId: string };

/** A notice before it is worded: its body is the booking's noticeLine(). */
export interface StaffNotice extends Omit<PushPayload, "body"> {
  audience: PushAudience;
  kind: "push-new-booking" | "push-job-assigned" | "push-job-changed" | "push-job-cancelled";
  booking: Booking;
}

// The en-US short names: a notice is worded on every booking, and Intl's formatter costs more than the whole line.
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Air Duct Cleaning, Thu Nov 26, 10:00 AM — Ruth O." */
export function noticeLine(booking: Booking, serviceTitle: string): string {
  const [y, m, d] = booking.cleaningDate.split("-").map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  const day = `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  const initial = firstLetter(booking.lastName.trim());
  return `${serviceTitle}, ${day}, ${booking.cleaningTime} — ${booking.firstName.trim()}${initial ? ` ${initial}.` : ""}`;
}

/** A booking that is still someone's job: a completed one stays theirs (its completion is no cancellation). */
const live = (b: Booking | null): b is Booking => b !== null && b.status !== "cancelled";

/**
 * The notices a change of a booking calls for: a new booking to the office; a technician's job given, changed
 * (moved, another address or service, taken back) or taken away (cancelled, deleted, reassigned) to that technician.
 * `before` is null for a new booking, `after` for a deleted one.
 */
export function staffNotices(before: Booking | null, after: Booking | null): StaffNotice[] {
  const notices: StaffNotice[] = [];
  // A job taken away opens the list: its own page is no longer theirs.
  const job = (b: Booking, kind: StaffNotice["kind"], title: string, technicianId: string): StaffNotice => ({
    audience: { technicianId },
    kind,
    title,
    booking: b,
    url: kind === "push-job-cancelled" ? "/jobs" : `/jobs/${b._id}`,
    tag: `job-${b._id}`,
  });
  if (before === null && after !== null) {
    notices.push({
      audience: { office: true },
      kind: "push-new-booking",
      title: "New booking",
      booking: after,
      url: `/dashboard?booking=${after._id}`,
      tag: `booking-${after._id}`,
    });
  }
  const was = live(before) ? before.technicianId : null;
  const is = live(after) ? after.technicianId : null;
  if (was && was !== is) {
    notices.push(job(before!, "push-job-cancelled", live(after) ? "Job reassigned" : "Job cancelled", was));
  }
  if (is && is !== was) notices.push(job(after!, "push-job-assigned", "New job", is));
  if (is && is === was) {
    const b = before!;
    const a = after!;
    const changed =
      a.cleaningDate !== b.cleaningDate ||
      a.cleaningTime !== b.cleaningTime ||
      a.homeAddress !== b.homeAddress ||
      a.city !== b.city ||
      a.zip !== b.zip ||
      a.serviceType !== b.serviceType ||
      a.unitCount !== b.unitCount;
    if (changed) notices.push(job(a, "push-job-changed", "Job changed", is));
  }
  return notices;
}
