import type { PublicWriteItem } from "./db.ts";

/** What a refused replay means for the person, and what to do about it, in plain words. */
export function failureAdvice(item: PublicWriteItem): string {
  const reason = item.lastError ?? "The request was refused.";
  if (item.kind === "contact") {
    return `Your message could not be sent: ${reason} Please send it again or call us.`;
  }
  if (item.failedStatus === 409) {
    return "The time you picked filled up while you were offline. Please book again and choose another time.";
  }
  return `Your booking could not be accepted: ${reason} Please book again.`;
}

/** A short label for a queued item ("Booking for 2025-06-03 at 9:00 AM"), read from its payload. */
export function describeItem(item: PublicWriteItem): string {
  if (item.kind === "contact") return "Your message";
  const payload = (item.payload ?? {}) as { cleaningDate?: unknown; cleaningTime?: unknown };
  const date = typeof payload.cleaningDate === "string" ? payload.cleaningDate : null;
  const time = typeof payload.cleaningTime === "string" ? payload.cleaningTime : null;
  return date ? `Booking for ${date}${time ? ` at ${time}` : ""}` : "Your booking";
}

/** Where "Book again" / "Write again" leads: a refused booking opens the form filled with what was typed. */
export function retryTarget(item: PublicWriteItem): { to: string; state?: { draft: unknown } } {
  if (item.kind === "contact") return { to: "/contact" };
  const serviceType = (item.payload as { serviceType?: unknown } | null)?.serviceType;
  const to = typeof serviceType === "string" ? `/booking/${encodeURIComponent(serviceType)}` : "/booking";
  return { to, state: { draft: item.payload } };
}
