import {
  BOOKING_SORTS,
  BOOKING_STATUSES,
  type Booking,
  type BookingSort,
  type BookingStatus,
} from "@contracts/bookings/booking.ts";
import { byVisit } from "@contracts/schedule/dates.ts";
import { fullName } from "../../lib/format.ts";

/** What the Bookings screen shows, as its URL says: GET /api/bookings's filters, search and sort. */
export interface BookingFilters {
  q: string;
  status: BookingStatus | "";
  from: string;
  to: string;
  /** A technician's id, "unassigned", or "" for everyone. */
  technicianId: string;
  service: string;
  paid: "open" | "paid" | "";
  sort: BookingSort;
}

/** The screen's order when the URL names none: the newest bookings first, as the API's own default. */
export const DEFAULT_SORT: BookingSort = "-created";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL's query holds; anything it cannot mean is left out rather than refused. */
export function filtersOf(params: URLSearchParams): BookingFilters {
  const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | "" =>
    allowed.includes(value as T) ? (value as T) : "";
  const date = (value: string | null) => (value && DATE.test(value) ? value : "");
  return {
    q: params.get("q") ?? "",
    status: pick(params.get("status"), BOOKING_STATUSES),
    from: date(params.get("from")),
    to: date(params.get("to")),
    technicianId: params.get("technicianId") ?? "",
    service: params.get("service") ?? "",
    paid: pick(params.get("paid"), ["open", "paid"] as const),
    sort: pick(params.get("sort"), BOOKING_SORTS) || DEFAULT_SORT,
  };
}

/** True when any filter or search narrows the list (the sort does not). */
export function isFiltered(f: BookingFilters): boolean {
  return Boolean(f.q || f.status || f.from || f.to || f.technicianId || f.service || f.paid);
}

const digits = (text: string) => text.replace(/\D/g, "");

/** The search as the server reads it, over what a booking on the device holds: name, e-mail, phone digits, address. */
export function matchesSearch(b: Booking, q: string): boolean {
  const words = q.trim().toLowerCase();
  if (!words) return true;
  const text = `${fullName(b)} ${b.email} ${b.homeAddress} ${b.city} ${b.zip}`.toLowerCase();
  if (text.includes(words)) return true;
  const wanted = digits(words);
  return wanted.length >= 3 && wanted === words.replace(/[\s()+.-]/g, "") && digits(b.contactNumber).includes(wanted);
}

/**
 * Whether a booking belongs to the list `f` describes. `paid` is the server's to know (the booking's invoices): a
 * booking counts as matching it, so that a live one is announced rather than missed.
 */
export function matchesFilters(b: Booking, f: BookingFilters): boolean {
  if (f.status && b.status !== f.status) return false;
  if (f.from && b.cleaningDate < f.from) return false;
  if (f.to && b.cleaningDate > f.to) return false;
  if (f.technicianId === "unassigned" ? b.technicianId !== null : f.technicianId && b.technicianId !== f.technicianId)
    return false;
  if (f.service && b.serviceType !== f.service) return false;
  return matchesSearch(b, f.q);
}

const amount = (b: Booking) => Number(b.estimatedPrice) || 0;

/** The rows in the order `sort` names, as the server orders them (the device's copy offline). */
export function sortBookings(rows: readonly Booking[], sort: BookingSort): Booking[] {
  const descending = sort.startsWith("-");
  const key = sort.replace(/^-/, "");
  const compare = (a: Booking, b: Booking): number => {
    switch (key) {
      case "date":
        return byVisit(a, b);
      case "amount":
        return amount(a) - amount(b);
      case "name":
        return fullName(a).localeCompare(fullName(b), "en-US", { sensitivity: "base" });
      default:
        return a.createdAt.localeCompare(b.createdAt);
    }
  };
  return [...rows].sort((a, b) => (descending ? -compare(a, b) : compare(a, b)) || a._id.localeCompare(b._id));
}
