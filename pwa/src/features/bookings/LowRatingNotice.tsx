import { useState } from "react";
import type { RatingReceived } from "@contracts/portal/portal.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";

/**
 * A customer's rating of 1 or 2 stars, the moment it is given (`ratingReceived`): the office calls them back. Every
 * rating reaches the booking's details and Reports; only the low ones interrupt.
 */
export function LowRatingNotice({ onOpen }: { onOpen: (bookingId: string) => void }) {
  const [low, setLow] = useState<RatingReceived[]>([]);
  useSocketEvent("ratingReceived", (rating) => {
    if (rating.stars <= 2) setLow((list) => [rating, ...list.filter((r) => r.bookingId !== rating.bookingId)]);
  });
  if (low.length === 0) return null;
  const dismiss = (bookingId: string) => setLow((list) => list.filter((r) => r.bookingId !== bookingId));
  return (
    <div className="adm-low-ratings" role="alert">
      {low.map((r) => (
        <p key={r.bookingId} className="banner banner-error adm-low-rating">
          <strong>
            Low rating: {r.stars} star{r.stars === 1 ? "" : "s"}
          </strong>{" "}
          from {r.customerName}
          {r.technicianName ? ` (${r.technicianName}'s visit)` : ""}
          {r.comment ? `: “${r.comment}”` : "."}{" "}
          <button type="button" className="btn btn-outline adm-low-rating__open" onClick={() => onOpen(r.bookingId)}>
            View booking
          </button>{" "}
          <button type="button" className="btn btn-outline" onClick={() => dismiss(r.bookingId)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
