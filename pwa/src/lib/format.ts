// How the staff screens write bookings, services, people and times.
import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import { isServiceKey, SERVICE_NAMES } from "@contracts/services/catalog.ts";
import { longWeekdayDay, shortWeekdayDay } from "@contracts/common/days.ts";

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

// Calendar days are written out, not through Intl: the first date format a page makes loads the locale's data (tens
// of milliseconds, four times that on a throttled tablet), on the way to the office's first row.
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** A YYYY-MM-DD calendar date shown as e.g. "Mon, Jun 8, 2026"; it has no zone. */
export function formatDate(isoDate: string): string {
  return isDay(isoDate) ? shortWeekdayDay(isoDate) : isoDate;
}

/**
 * "Tuesday, March 10, 2026", as the booking form writes it (components/booking-fields/dates.ts): the office's
 * screens write it from here, so that they do not share a chunk with the public booking form (decision 0063).
 */
export function formatLongDate(isoDate: string): string {
  return isDay(isoDate) ? longWeekdayDay(isoDate) : isoDate;
}

export function formatDateTime(b: Pick<Booking, "cleaningDate" | "cleaningTime">): string {
  return [formatDate(b.cleaningDate), b.cleaningTime].filter(Boolean).join(" · ");
}

/** "Jane Doe": a booking's customer. */
export function fullName(b: Pick<Booking, "firstName" | "lastName">): string {
  return `${b.firstName ?? ""} ${b.lastName ?? ""}`.trim();
}

export function formatAddress(b: Pick<Booking, "homeAddress" | "city" | "state" | "zip">): string {
  const cityLine = [b.city, [b.state, b.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [b.homeAddress, cityLine].filter(Boolean).join(", ");
}

/** Made on first use: only the screens that show an instant pay for the locale's data. */
let received: Intl.DateTimeFormat | null = null;

/** "Jun 8, 2026, 3:05 PM" in the reader's own zone: when a message arrived or an e-mail left. */
export function formatReceived(iso: string | null): string {
  if (!iso) return "—";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  received ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return received.format(t);
}
