import type { BookingStatus } from "@contracts/bookings/booking.ts";
import { capitalize } from "../lib/format.ts";
import "./StatusBadge.css";

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`adm-badge adm-badge--${status}`}>{capitalize(status)}</span>;
}
