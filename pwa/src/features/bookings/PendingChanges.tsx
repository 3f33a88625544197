import type { Booking } from "@contracts/bookings/booking.ts";
import { dismissStatusChange, type StatusChange } from "../../lib/offline-queue/adminStatusQueue.ts";
import { useStatusChanges } from "../../lib/pwa/hooks.ts";
import { fullName } from "../../lib/format.ts";
import "./PendingChanges.css";

interface Props {
  bookings: readonly Booking[];
  /** ISO time of the device copy shown while the server cannot be reached, or null when live. */
  offlineSince: string | null;
}

/**
 * What this tablet has not been able to hand to the server: status changes waiting for a connection, and the
 * ones the server refused on replay (a newer change made elsewhere wins), each with a Dismiss.
 */
export function PendingChanges({ bookings, offlineSince }: Props) {
  const changes = useStatusChanges();
  const waiting = changes.filter((c) => c.state === "pending");
  const refused = changes.filter((c) => c.state !== "pending");
  const who = (c: StatusChange) => {
    const booking = bookings.find((b) => b._id === c.bookingId);
    return booking ? `${fullName(booking)} (${booking.cleaningDate})` : "a booking";
  };
  if (!offlineSince && changes.length === 0) return null;
  return (
    <div className="adm-pending" aria-live="polite">
      {offlineSince && (
        <p className="banner adm-pending__offline" role="status">
          Offline: showing the bookings as last synced on {new Date(offlineSince).toLocaleString()}.
        </p>
      )}
      {waiting.length > 0 && (
        <p className="banner adm-pending__waiting" role="status">
          {waiting.length === 1 ? "1 status change is" : `${waiting.length} status changes are`} saved on this device
          and will be sent when the connection is back: {waiting.map((c) => `${who(c)} → ${c.status}`).join(", ")}.
        </p>
      )}
      {refused.map((c) => (
        <div key={c.bookingId} className="banner banner-error adm-pending__refused" role="alert">
          <span>
            Status change of {who(c)} to {c.status} was not applied: {c.lastError ?? "refused by the server"}
          </span>
          <button type="button" className="btn btn-outline" onClick={() => void dismissStatusChange(c.bookingId)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
