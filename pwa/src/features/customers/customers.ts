import type { Booking } from "@contracts/bookings/booking.ts";
import { formatAddress, fullName } from "../../lib/format.ts";

export interface Customer {
  /** The e-mail lowercased: the grouping key. */
  key: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Newest first. */
  bookings: Booking[];
}

function createdTime(b: Booking): number {
  const t = Date.parse(b.createdAt);
  return Number.isNaN(t) ? 0 : t;
}

/**
 * Customers derived from bookings grouped by e-mail, case-insensitively (SPEC §3). The contact
 * details come from the customer's first (oldest) booking; customers are listed by latest booking.
 */
export function groupCustomers(bookings: readonly Booking[]): Customer[] {
  const groups = new Map<string, Booking[]>();
  for (const b of bookings) {
    const key = (b.email ?? "").trim().toLowerCase();
    const list = groups.get(key);
    if (list) list.push(b);
    else groups.set(key, [b]);
  }
  return [...groups.entries()]
    .map(([key, list]) => {
      // A stable sort keeps the list's own newest-first order when creation times tie or are missing.
      const newestFirst = list.slice().sort((a, b) => createdTime(b) - createdTime(a));
      const first = newestFirst[newestFirst.length - 1]!;
      return {
        key,
        name: fullName(first),
        email: first.email,
        phone: first.contactNumber,
        address: formatAddress(first),
        bookings: newestFirst,
      };
    })
    .sort((a, b) => createdTime(b.bookings[0]!) - createdTime(a.bookings[0]!));
}
