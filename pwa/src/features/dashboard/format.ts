import type { Booking, Service } from "@contracts/entities.ts";
import { isServiceKey, SERVICE_NAMES } from "@contracts/services.ts";

/** The badge text: the status with a capital first letter (SPEC §4). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A service's display name: its current title when the list holds it, else the fixed name of its key. */
export function serviceName(serviceType: string, services: readonly Service[] = []): string {
  const found = services.find((s) => s._id === serviceType);
  if (found) return found.title;
  return isServiceKey(serviceType) ? SERVICE_NAMES[serviceType] : serviceType;
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A YYYY-MM-DD calendar date shown as e.g. "Mon, Jun 8, 2026"; it has no zone, so it is read as UTC. */
export function formatDate(isoDate: string): string {
  const t = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(t) ? isoDate : dateFormat.format(t);
}

export function formatDateTime(b: Pick<Booking, "cleaningDate" | "cleaningTime">): string {
  return [formatDate(b.cleaningDate), b.cleaningTime].filter(Boolean).join(" · ");
}
