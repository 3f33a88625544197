import { useDraggable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import type { KeyboardEvent } from "react";
import { fullName } from "../../lib/format.ts";
import { startMinuteOf, type PlacedCard } from "./layout.ts";

export interface CardTexts {
  service: string;
}

const clock = (minute: number): string => {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

/** "9:00 AM–10:30 AM": when the job starts and ends. */
export function jobTimes(card: Pick<PlacedCard, "booking">): string {
  const start = startMinuteOf(card.booking);
  return `${card.booking.cleaningTime}–${clock(start + card.booking.durationMinutes)}`;
}

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/**
 * A job on the board: its height is its duration. It is dragged by mouse, finger or keyboard (dnd-kit gives it the
 * button role, focus and the screen reader's instructions); the Duration button beside the name opens the override.
 */
export function BoardCard({
  card,
  service,
  movable,
  pending,
  note,
  onDismissNote,
  onDuration,
}: {
  card: PlacedCard;
  service: string;
  movable: boolean;
  pending: boolean;
  note: string | null;
  onDismissNote: () => void;
  onDuration: (() => void) | null;
}) {
  const { booking } = card;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: booking._id,
    data: { booking },
    disabled: !movable || pending,
  });
  const name = fullName(booking);
  // Three lines need 54 px (a 45-minute job); a shorter card runs the service and the town on one line.
  const short = card.height < 54;
  // Beside another job the start time would crowd out the name; the axis and the card's place say it.
  const narrow = card.width < 1;
  // A key pressed on the Duration button is that button's, not a pick-up of the card.
  const own = (e: KeyboardEvent) => e.stopPropagation();
  return (
    <>
      <div
        ref={setNodeRef}
        className={`dsp-card${isDragging ? " dsp-card--dragging" : ""}${pending ? " dsp-card--pending" : ""}${note ? " dsp-card--refused" : ""}${short ? " dsp-card--short" : ""}${narrow ? " dsp-card--narrow" : ""}`}
        style={{
          top: card.top,
          height: card.height,
          left: `calc(${card.left * 100}% + 2px)`,
          width: `calc(${card.width * 100}% - 4px)`,
          transform: CSS.Translate.toString(transform),
        }}
        data-booking-id={booking._id}
        data-dragging={isDragging ? "true" : undefined}
        {...attributes}
        {...listeners}
        aria-roledescription="job"
        aria-label={`${name}, ${booking.planName ? `${booking.planName}, ` : ""}${service}, ${units(booking.unitCount)}, ${jobTimes(card)}, ${booking.town}`}
        aria-busy={pending || undefined}
      >
        <p className="dsp-card__line dsp-card__name">
          <span className="dsp-card__time">{booking.cleaningTime}</span> {name}
        </p>
        <p className="dsp-card__line">
          {/* A plan's visit to schedule: the plan's name first, on the line it shares so the card keeps its height. */}
          {booking.planName && <span className="dsp-card__plan">{booking.planName} · </span>}
          {service} · {units(booking.unitCount)}
        </p>
        <p className="dsp-card__line dsp-card__town">
          {booking.town}
          {booking.locationApproximate && <span className="dsp-card__approx"> · location approximate</span>}
        </p>
        {onDuration && (
          <button
            type="button"
            className="dsp-card__duration"
            onClick={onDuration}
            onKeyDown={own}
            onPointerDown={(e) => e.stopPropagation()}
            onMouseDown={(e) => e.stopPropagation()}
            onTouchStart={(e) => e.stopPropagation()}
            aria-label={`Duration of ${name}'s job: ${booking.durationMinutes} minutes`}
            title="Change the duration"
          >
            {booking.durationMinutes}′
          </button>
        )}
      </div>
      {note && (
        <p className="dsp-note" role="alert" style={{ top: card.top + card.height + 2 }}>
          {note}
          <button type="button" className="dsp-note__close" onClick={onDismissNote} aria-label="Dismiss">
            ×
          </button>
        </p>
      )}
    </>
  );
}
