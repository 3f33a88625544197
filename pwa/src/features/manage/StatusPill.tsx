import type { BookingStatus } from "@contracts/bookings/booking.ts";
import { statusLabel } from "./format.ts";

export function StatusPill({ status }: { status: BookingStatus }) {
  return <span className={`manage-status manage-status--${status}`}>{statusLabel(status)}</span>;
}
