import type { BookingRules } from "@contracts/schedule/rules.ts";
import { WEEKDAYS } from "@contracts/schedule/rules.ts";
import { addDays, slotHour, slotLabel, slotsOnDate, weekdayOf } from "@contracts/schedule/dates.ts";
import { minutesOfDay, type BoardBooking, type BoardTechnician, type WorkingDay } from "@contracts/schedule/board.ts";

/**
 * Where everything of the board stands, worked out apart from React so that it is tested as numbers: the days of the
 * view, the time axis, a column per lane and day, each card's box and the drive between two cards.
 */

export type BoardView = "day" | "week";

/** 72 px an hour: a one-hour job holds its customer, service, units and town in three lines. */
export const PX_PER_MINUTE = 1.2;
/** A 15-minute job still gets a line that can be read and grabbed. */
export const MIN_CARD_PX = 26;
export const WEEK_DAYS = 5;

/** The dates a view shows: the day itself, or five days the business is open from it (within a week). */
export function boardDates(view: BoardView, date: string, rules: Pick<BookingRules, "hours">): string[] {
  if (view === "day") return [date];
  const dates: string[] = [];
  for (let i = 0; i < 7 && dates.length < WEEK_DAYS; i += 1) {
    const day = addDays(date, i);
    if (slotsOnDate(day, rules).length > 0) dates.push(day);
  }
  return dates.length > 0 ? dates : [date];
}

/** The time axis: from `startMinute` to `endMinute` of the day, and the hours a job can be dropped at. */
export interface Axis {
  startMinute: number;
  endMinute: number;
  /** Hours (24-hour) of the drop rows, earliest first: every slot any shown day offers. */
  rowHours: number[];
}

const DEFAULT_ROWS = Array.from({ length: 13 }, (_, i) => 7 + i);

export function workingDay(tech: BoardTechnician, date: string): WorkingDay | null {
  if (tech.hours.daysOff.includes(date)) return null;
  return tech.hours.week[WEEKDAYS[weekdayOf(date)]!] ?? null;
}

export const startMinuteOf = (b: Pick<BoardBooking, "cleaningTime">): number => (slotHour(b.cleaningTime) ?? 0) * 60;

export function axisOf(
  dates: string[],
  technicians: BoardTechnician[],
  bookings: BoardBooking[],
  rules: Pick<BookingRules, "hours">,
): Axis {
  const hours = new Set(dates.flatMap((d) => slotsOnDate(d, rules).map((label) => slotHour(label)!)));
  const rowHours = hours.size > 0 ? [...hours].sort((a, b) => a - b) : DEFAULT_ROWS;
  let start = rowHours[0]! * 60;
  let end = (rowHours.at(-1)! + 1) * 60;
  for (const tech of technicians) {
    for (const date of dates) {
      const day = workingDay(tech, date);
      if (!day) continue;
      start = Math.min(start, minutesOfDay(day.start));
      end = Math.max(end, minutesOfDay(day.end));
    }
  }
  for (const b of bookings) end = Math.max(end, startMinuteOf(b) + b.durationMinutes);
  return {
    startMinute: Math.floor(start / 60) * 60,
    endMinute: Math.min(24 * 60, Math.ceil(end / 60) * 60),
    rowHours,
  };
}

/** Pixels from the top of a column to a minute of the day. */
export const pxAt = (axis: Axis, minute: number): number => (minute - axis.startMinute) * PX_PER_MINUTE;

export const axisHeight = (axis: Axis): number => pxAt(axis, axis.endMinute);

/** Top of a drop row, in pixels from the column's top. */
export const rowTop = (axis: Axis, row: number): number => pxAt(axis, axis.rowHours[row]! * 60);

/** The drop row whose slot starts nearest to `offsetPx` (a card's top edge within the column), clamped. */
export function rowAt(axis: Axis, offsetPx: number): number {
  const minute = axis.startMinute + offsetPx / PX_PER_MINUTE;
  let best = 0;
  axis.rowHours.forEach((hour, i) => {
    if (Math.abs(hour * 60 - minute) < Math.abs(axis.rowHours[best]! * 60 - minute)) best = i;
  });
  return best;
}

/** The drop row of a slot label, or -1 when no shown day offers it. */
export const rowOfTime = (axis: Axis, label: string): number => axis.rowHours.indexOf(slotHour(label) ?? -1);

/** The slot label of a drop row: what a move sends as its time. */
export const rowLabel = (axis: Axis, row: number): string => slotLabel(axis.rowHours[row]!);

/** A stretch of a column drawn grey: outside the technician's hours. */
export interface Span {
  top: number;
  height: number;
}

export interface PlacedCard {
  booking: BoardBooking;
  top: number;
  height: number;
  /** Share of the column's width, for jobs that overlap (the unassigned lane holds many at one time). */
  left: number;
  width: number;
}

/** The drive before a card: drawn in the gap above it; `tight` when the gap is shorter than the drive. */
export interface DriveLabel {
  bookingId: string;
  minutes: number;
  top: number;
  tight: boolean;
}

export interface BoardColumn {
  /** `${laneId}|${date}`: what a drop lands on. */
  id: string;
  laneId: string | null;
  date: string;
  /** "Day off" or "Not working" when the whole column is off; else null. */
  off: string | null;
  grey: Span[];
  cards: PlacedCard[];
  drives: DriveLabel[];
}

export interface BoardLane {
  id: string | null;
  name: string;
  color: string;
}

export const UNASSIGNED: BoardLane = { id: null, name: "Unassigned", color: "transparent" };

export const columnId = (laneId: string | null, date: string): string => `${laneId ?? "unassigned"}|${date}`;

/** Packs overlapping jobs side by side: each cluster of overlaps shares the width in as many tracks as it needs. */
function placeCards(axis: Axis, jobs: BoardBooking[]): PlacedCard[] {
  const sorted = [...jobs].sort((a, b) => startMinuteOf(a) - startMinuteOf(b) || a._id.localeCompare(b._id));
  const placed: PlacedCard[] = [];
  let cluster: { card: PlacedCard; track: number }[] = [];
  let trackEnds: number[] = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    for (const { card, track } of cluster) {
      card.width = 1 / trackEnds.length;
      card.left = track / trackEnds.length;
    }
    cluster = [];
    trackEnds = [];
  };
  for (const booking of sorted) {
    const start = startMinuteOf(booking);
    const end = start + booking.durationMinutes;
    if (start >= clusterEnd) closeCluster();
    let track = trackEnds.findIndex((e) => e <= start);
    if (track === -1) track = trackEnds.push(end) - 1;
    else trackEnds[track] = end;
    clusterEnd = Math.max(clusterEnd, end);
    const card: PlacedCard = {
      booking,
      top: pxAt(axis, start),
      height: Math.max(MIN_CARD_PX, booking.durationMinutes * PX_PER_MINUTE),
      left: 0,
      width: 1,
    };
    cluster.push({ card, track });
    placed.push(card);
  }
  closeCluster();
  return placed;
}

/** The drive's label sits halfway down the gap before its card, or just above the card when the gap is small. */
const DRIVE_LABEL_PX = 18;

function drivesOf(axis: Axis, cards: PlacedCard[]): DriveLabel[] {
  const drives: DriveLabel[] = [];
  let previousEnd: number | null = null;
  for (const { booking } of cards) {
    const start = startMinuteOf(booking);
    const minutes = booking.travelMinutesBefore;
    if (minutes !== null && minutes > 0 && previousEnd !== null) {
      const middle = (pxAt(axis, previousEnd) + pxAt(axis, start) - DRIVE_LABEL_PX) / 2;
      const top = Math.min(middle, pxAt(axis, start) - DRIVE_LABEL_PX / 2);
      drives.push({ bookingId: booking._id, minutes, top, tight: start - previousEnd < minutes });
    }
    previousEnd = Math.max(previousEnd ?? 0, start + booking.durationMinutes);
  }
  return drives;
}

/**
 * One column per lane and day, day by day. Unassigned comes first, beside the time axis: the jobs to hand out are
 * where every drag starts, so they stay in view however many technicians follow.
 */
export function layoutBoard(
  axis: Axis,
  dates: string[],
  technicians: BoardTechnician[],
  bookings: BoardBooking[],
): { lanes: BoardLane[]; columns: BoardColumn[] } {
  const lanes: BoardLane[] = [UNASSIGNED, ...technicians.map((t) => ({ id: t._id, name: t.name, color: t.color }))];
  const known = new Set(technicians.map((t) => t._id));
  const byColumn = new Map<string, BoardBooking[]>();
  for (const b of bookings) {
    // A job of a technician who is no longer active waits in Unassigned rather than disappearing.
    const lane = b.technicianId && known.has(b.technicianId) ? b.technicianId : null;
    const id = columnId(lane, b.cleaningDate);
    byColumn.set(id, [...(byColumn.get(id) ?? []), b]);
  }
  const height = axisHeight(axis);
  const columns: BoardColumn[] = [];
  for (const date of dates) {
    for (const lane of lanes) {
      const tech = technicians.find((t) => t._id === lane.id);
      const id = columnId(lane.id, date);
      const cards = placeCards(axis, byColumn.get(id) ?? []);
      let off: string | null = null;
      const grey: Span[] = [];
      if (tech) {
        const day = workingDay(tech, date);
        if (!day) {
          off = tech.hours.daysOff.includes(date) ? "Day off" : "Not working";
          grey.push({ top: 0, height });
        } else {
          const from = pxAt(axis, minutesOfDay(day.start));
          const to = pxAt(axis, minutesOfDay(day.end));
          if (from > 0) grey.push({ top: 0, height: from });
          if (to < height) grey.push({ top: to, height: height - to });
        }
      }
      const drives = tech ? drivesOf(axis, cards) : [];
      columns.push({ id, laneId: lane.id, date, off, grey, cards, drives });
    }
  }
  return { lanes, columns };
}

/** "7:00 AM–8:00 PM" for a working day's 24-hour times. */
export function hoursText(day: WorkingDay | null): string {
  if (!day) return "Not working";
  const clock = (hhmm: string) => {
    const minutes = minutesOfDay(hhmm);
    const h = Math.floor(minutes / 60);
    const label = slotLabel(h % 24);
    return label.replace(":00", `:${String(minutes % 60).padStart(2, "0")}`);
  };
  return `${clock(day.start)}–${clock(day.end)}`;
}
