import { useDroppable } from "@dnd-kit/core";
import type { ReactNode } from "react";
import type { BoardColumn as Column } from "./layout.ts";

/** A lane on one day: where a card is dropped; outside the technician's hours drawn grey. */
export function BoardColumn({
  column,
  label,
  height,
  droppable,
  dayStart,
  children,
}: {
  column: Column;
  label: string;
  height: number;
  droppable: boolean;
  /** The first column of a day in the week view, drawn with the day's line. */
  dayStart: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id, disabled: !droppable });
  return (
    <div
      ref={setNodeRef}
      className={`dsp-column${isOver ? " dsp-column--over" : ""}${column.laneId === null ? " dsp-column--unassigned" : ""}${dayStart ? " dsp-column--daystart" : ""}`}
      style={{ height }}
      role="group"
      aria-label={label}
      data-column={column.id}
    >
      {column.grey.map((span, i) => (
        <div key={i} className="dsp-column__off" style={{ top: span.top, height: span.height }} aria-hidden="true" />
      ))}
      {column.off && <p className="dsp-column__offtext">{column.off}</p>}
      {column.drives.map((drive) => (
        <p
          key={drive.bookingId}
          className={`dsp-drive${drive.tight ? " dsp-drive--tight" : ""}`}
          style={{ top: drive.top }}
          data-drive-before={drive.bookingId}
        >
          {drive.minutes} min drive
        </p>
      ))}
      {children}
    </div>
  );
}
