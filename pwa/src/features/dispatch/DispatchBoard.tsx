import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import type { BoardBooking } from "@contracts/schedule/board.ts";
import { addDays, isIsoDate, todayIn } from "@contracts/schedule/dates.ts";
import { useMemo, useRef, useState } from "react";
import { formatDate, formatLongDate, fullName } from "../../lib/format.ts";
import { useOnline } from "../../lib/pwa/statusHooks.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useQueryParams } from "../../lib/useQueryParams.ts";
import { BoardCard } from "./BoardCard.tsx";
import { BoardColumn } from "./BoardColumn.tsx";
import { DurationDialog } from "./DurationDialog.tsx";
import { nextCell, type Cell } from "./keyboard.ts";
import {
  axisHeight,
  axisOf,
  boardDates,
  hoursText,
  layoutBoard,
  PX_PER_MINUTE,
  rowAt,
  rowLabel,
  rowOfTime,
  rowTop,
  workingDay,
  type Axis,
  type BoardColumn as Column,
  type BoardView,
} from "./layout.ts";
import { moveFor } from "./moves.ts";
import { RouteDialog } from "./RouteDialog.tsx";
import { useBoard } from "./useBoard.ts";
import "./DispatchBoard.css";

const INSTRUCTIONS =
  "To move a job, press Space to pick it up. Use the left and right arrow keys to move it between technicians and " +
  "days, up and down between times. Press Space again to drop it, or Escape to cancel.";

/** Where the card lands: the column under it and the slot nearest its top edge. */
function landing(axis: Axis, columns: Column[], overId: UniqueIdentifier, overRect: ClientRect, top: number) {
  const column = columns.find((c) => c.id === overId);
  if (!column) return null;
  const row = rowAt(axis, top - overRect.top);
  return { column, row, time: rowLabel(axis, row) };
}

/** A column is a strip of the whole day: the one under the pointer (or the card's middle, by keyboard) is it. */
const underCard: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers, pointerCoordinates }) => {
  const x = pointerCoordinates?.x ?? collisionRect.left + collisionRect.width / 2;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (rect && x >= rect.left && x < rect.left + rect.width) return [{ id: container.id }];
  }
  return [];
};

/**
 * The dispatch board (/dashboard/schedule): one lane per active technician and one for the unassigned jobs, over a
 * day or five open days; cards the height of their duration, the drive between them, and moves by mouse, finger and
 * keyboard that the server accepts or refuses in words. Offline it is read-only.
 */
export function DispatchBoard({ serviceTitle }: { serviceTitle: (id: string) => string }) {
  const { timeZone, bookingRules } = useProfile();
  const [params, change] = useQueryParams();
  const chosen = params.get("day");
  const today = todayIn(timeZone);
  const date = chosen && isIsoDate(chosen) ? chosen : today;
  const view: BoardView = params.get("view") === "week" ? "week" : "day";
  const dates = useMemo(() => boardDates(view, date, bookingRules), [view, date, bookingRules]);
  const board = useBoard(dates[0]!, dates.at(-1)!);
  const online = useOnline();
  const movable = online && board.range !== null;

  const axis = useMemo(
    () => axisOf(dates, board.technicians, board.bookings, bookingRules),
    [dates, board.technicians, board.bookings, bookingRules],
  );
  const { lanes, columns } = useMemo(
    () => layoutBoard(axis, dates, board.technicians, board.bookings),
    [axis, dates, board.technicians, board.bookings],
  );
  const height = axisHeight(axis);
  const laneName = (laneId: string | null) => lanes.find((l) => l.id === laneId)?.name ?? "Unassigned";
  const describe = (column: Column, time: string) =>
    `${laneName(column.laneId)}${view === "week" ? `, ${formatDate(column.date)}` : ""}, ${time}`;

  /**
   * A card carried by keyboard steps from cell to cell, kept here rather than read back from where the card is drawn:
   * the page may scroll under it (dnd-kit brings the card into view as it is picked up), and a scroll must not move
   * it to another slot. Each step moves the card by what separates the two cells on screen now. The column is kept
   * by its id: a live read may add a lane while the card is carried.
   */
  const keyCell = useRef<{ columnId: string; row: number } | null>(null);
  const lastSaid = useRef<string | undefined>(undefined);
  // What a screen reader hears while a card is carried: one live region the board writes itself.
  const [said, setSaid] = useState("");
  const say = (text: string | undefined) => {
    if (text === undefined) return undefined;
    // A text said twice in a row is said again: aria-live reads a change, and the same words are no change.
    setSaid((before) => (before === text ? `${text}\u00a0` : text));
    return undefined;
  };
  const coordinateGetter: KeyboardCoordinateGetter = (event, { active, currentCoordinates }) => {
    const kept = keyCell.current;
    const cell: Cell | null = kept && { column: columns.findIndex((c) => c.id === kept.columnId), row: kept.row };
    const next = cell && cell.column >= 0 ? nextCell(cell, event.code, columns.length, axis.rowHours.length) : null;
    if (!next) return undefined;
    event.preventDefault();
    const columnId = columns[next.column]!.id;
    const node = (selector: string) => document.querySelector<HTMLElement>(selector)?.getBoundingClientRect();
    const target = node(`[data-column="${CSS.escape(columnId)}"]`);
    const now = node(`[data-booking-id="${CSS.escape(String(active))}"]`);
    if (!target || !now) return undefined;
    keyCell.current = { columnId, row: next.row };
    // Said here, not on dnd-kit's move: a step that dnd-kit spends scrolling the board moves no card and fires no
    // move, yet the card is now over the next cell (and is dropped there).
    say(`${describe(columns[next.column]!, rowLabel(axis, next.row))}.`);
    return {
      x: currentCoordinates.x + target.left + 2 - now.left,
      y: currentCoordinates.y + target.top + rowTop(axis, next.row) - now.top,
    };
  };
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger holds a card a moment to pick it up, so that a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const bookingOf = (id: UniqueIdentifier) => board.bookings.find((b) => b._id === id);
  const columnIndexOf = (b: BoardBooking) =>
    columns.findIndex((c) => c.cards.some((card) => card.booking._id === b._id));
  const columnOf = (b: BoardBooking) => columns[Math.max(0, columnIndexOf(b))]!;
  const whereNow = (
    active: { rect: { current: { translated: ClientRect | null } } },
    over: { id: UniqueIdentifier; rect: ClientRect } | null,
  ) => {
    const cell = keyCell.current;
    if (cell) {
      const column = columns.find((c) => c.id === cell.columnId);
      return column ? { column, row: cell.row, time: rowLabel(axis, cell.row) } : null;
    }
    const top = active.rect.current.translated?.top;
    if (!over || top === undefined) return null;
    return landing(axis, columns, over.id, over.rect, top);
  };
  const newPlace = (...[active, over]: Parameters<typeof whereNow>) => {
    const at = whereNow(active, over);
    const text = at ? `${describe(at.column, at.time)}.` : "Not over a lane.";
    if (text === lastSaid.current) return undefined;
    lastSaid.current = text;
    return text;
  };
  // Every announcement goes to the board's own region (dnd-kit's stays silent), so that keyboard steps, said by the
  // coordinate getter, and the rest are heard in one place and in order.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const b = bookingOf(active.id);
      lastSaid.current = b ? `${describe(columnOf(b), b.cleaningTime)}.` : undefined;
      return say(b ? `Picked up ${fullName(b)}'s job at ${b.cleaningTime}.` : undefined);
    },
    // Said when the slot under the card changes, not on every pixel (or scroll) of the way; by keyboard, each step
    // is said as it is taken.
    onDragOver: ({ active, over }) => (keyCell.current ? undefined : say(newPlace(active, over))),
    onDragMove: ({ active, over }) => (keyCell.current ? undefined : say(newPlace(active, over))),
    onDragEnd: ({ active, over }) => {
      const b = bookingOf(active.id);
      const at = whereNow(active, over);
      return say(
        b && at ? `Dropped ${fullName(b)}'s job on ${describe(at.column, at.time)}.` : "Dropped where it was.",
      );
    },
    onDragCancel: ({ active }) => {
      const b = bookingOf(active.id);
      return say(b ? `Moving ${fullName(b)}'s job was cancelled; it is back at ${b.cleaningTime}.` : undefined);
    },
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const booking = bookingOf(active.id);
    keyCell.current =
      activatorEvent instanceof KeyboardEvent && booking
        ? { columnId: columnOf(booking).id, row: Math.max(0, rowOfTime(axis, booking.cleaningTime)) }
        : null;
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const booking = bookingOf(active.id);
    const at = whereNow(active, over);
    if (!booking || !at) return;
    const move = moveFor(booking, { technicianId: at.column.laneId, date: at.column.date, time: at.time });
    if (move) board.move(booking, move);
  };

  const [ordering, setOrdering] = useState<{ _id: string; name: string } | null>(null);
  const [duration, setDuration] = useState<BoardBooking | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const step = view === "week" ? 7 : 1;
  const show = (changes: Record<string, string | null>) => change(changes);
  const title = view === "day" ? formatLongDate(date) : `${formatDate(dates[0]!)} – ${formatDate(dates.at(-1)!)}`;
  const lanesPerDay = lanes.length;

  return (
    <section className="adm-panel dsp" aria-labelledby="schedule-title">
      <div className="adm-panel__head dsp__head">
        <h2 id="schedule-title" className="adm-panel__title">
          Schedule: {title}
        </h2>
        <div className="dsp__nav">
          <div className="dsp__views" role="group" aria-label="View">
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              aria-pressed={view === "day"}
              onClick={() => show({ view: null })}
            >
              Day
            </button>
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              aria-pressed={view === "week"}
              onClick={() => show({ view: "week" })}
            >
              Week
            </button>
          </div>
          <button
            type="button"
            className="btn btn-outline adm-btn-small"
            onClick={() => show({ day: addDays(date, -step) })}
          >
            {view === "day" ? "Previous day" : "Previous week"}
          </button>
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => show({ day: today })}>
            Today
          </button>
          <button
            type="button"
            className="btn btn-outline adm-btn-small"
            onClick={() => show({ day: addDays(date, step) })}
          >
            {view === "day" ? "Next day" : "Next week"}
          </button>
        </div>
      </div>
      {!online && (
        <p className="banner dsp__offline" role="status">
          Offline: the board is read-only until the connection is back.
        </p>
      )}
      {board.error && (
        <p className="banner banner-error" role="alert">
          {board.error}
        </p>
      )}
      {notice && (
        <p className="banner banner-success" role="status">
          {notice}
        </p>
      )}
      <div id="board-said" className="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
        {said}
      </div>
      {board.range === null && !board.error && <p className="dsp__loading">Loading the board…</p>}
      {board.range !== null && (
        <DndContext
          sensors={sensors}
          collisionDetection={underCard}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
        >
          <div className={`dsp__scroll dsp__scroll--${view}`}>
            <div
              className="dsp__grid"
              // Columns share the width, and never fall under --dsp-col: then the strip scrolls sideways.
              style={{
                gridTemplateColumns: `var(--dsp-axis) repeat(${columns.length}, minmax(0, 1fr))`,
                width: `max(100%, calc(var(--dsp-axis) + ${columns.length} * var(--dsp-col)))`,
              }}
            >
              {view === "week" && (
                <>
                  <div className="dsp__corner" />
                  {dates.map((d) => (
                    <p key={d} className="dsp__day" style={{ gridColumn: `span ${lanesPerDay}` }}>
                      {formatDate(d)}
                    </p>
                  ))}
                </>
              )}
              <div className="dsp__corner" />
              {columns.map((column) => {
                const tech = board.technicians.find((t) => t._id === column.laneId);
                const lane = lanes.find((l) => l.id === column.laneId)!;
                const count = column.cards.length;
                return (
                  <div
                    key={column.id}
                    className={`dsp__lane${view === "week" && column.laneId === null ? " dsp__lane--daystart" : ""}`}
                  >
                    <p className="dsp__lane-name">
                      <span className="dsp__swatch" style={{ background: lane.color }} aria-hidden="true" />
                      {lane.name} <span className="dsp__count">({count})</span>
                    </p>
                    {tech && <p className="dsp__hours">{hoursText(workingDay(tech, column.date))}</p>}
                    {tech && view === "day" && count > 1 && online && (
                      <button
                        type="button"
                        className="btn btn-outline adm-btn-small dsp__order"
                        onClick={() => setOrdering(tech)}
                        aria-label={`Order ${tech.name}'s day`}
                      >
                        Order day
                      </button>
                    )}
                  </div>
                );
              })}
              <div className="dsp__axis" style={{ height }} aria-hidden="true">
                {Array.from({ length: (axis.endMinute - axis.startMinute) / 60 }, (_, i) => {
                  const hour = axis.startMinute / 60 + i;
                  return (
                    <span key={hour} className="dsp__tick" style={{ top: i * 60 * PX_PER_MINUTE }}>
                      {hour % 12 === 0 ? 12 : hour % 12} {hour < 12 ? "AM" : "PM"}
                    </span>
                  );
                })}
              </div>
              {columns.map((column) => (
                <BoardColumn
                  key={column.id}
                  column={column}
                  label={
                    view === "week" ? `${laneName(column.laneId)}, ${formatDate(column.date)}` : laneName(column.laneId)
                  }
                  height={height}
                  droppable={movable}
                  dayStart={view === "week" && column.laneId === null}
                >
                  {column.cards.map((card) => (
                    <BoardCard
                      key={card.booking._id}
                      card={card}
                      service={serviceTitle(card.booking.serviceType)}
                      movable={movable}
                      pending={board.pending.has(card.booking._id)}
                      note={board.notes.get(card.booking._id) ?? null}
                      onDismissNote={() => board.dismissNote(card.booking._id)}
                      onDuration={movable ? () => setDuration(card.booking) : null}
                    />
                  ))}
                </BoardColumn>
              ))}
            </div>
          </div>
        </DndContext>
      )}
      {ordering && (
        <RouteDialog
          technician={ordering}
          date={date}
          bookings={board.bookings}
          serviceTitle={serviceTitle}
          onClose={() => setOrdering(null)}
          onApplied={(moved) => {
            setOrdering(null);
            setNotice(`${ordering.name}'s day is ordered: ${moved} ${moved === 1 ? "job" : "jobs"} moved.`);
            board.reload();
          }}
        />
      )}
      {duration && (
        <DurationDialog
          booking={duration}
          onClose={() => setDuration(null)}
          onSaved={() => {
            setDuration(null);
            board.reload();
          }}
        />
      )}
    </section>
  );
}
