import type { Booking } from "@contracts/bookings/booking.ts";
import { Link } from "./Link.tsx";
import "./BookingLinks.css";

type Linked = Pick<Booking, "_id" | "firstName" | "lastName" | "cleaningDate" | "cleaningTime">;

/** Bookings someone must act on (move, cancel, give to another technician), each a link to its edit screen. */
export function BookingLinks({ bookings, from }: { bookings: readonly Linked[]; from: string }) {
  return (
    <ul className="booking-links">
      {bookings.map((b) => (
        <li key={b._id}>
          <Link to={`/admin/bookings/edit/${encodeURIComponent(b._id)}`} state={{ from }}>
            {b.firstName} {b.lastName}, {b.cleaningDate} at {b.cleaningTime}
          </Link>
        </li>
      ))}
    </ul>
  );
}
