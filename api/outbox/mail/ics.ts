/**
 * A small iCalendar (RFC 5545) writer for one appointment: exactly what booking e-mails attach, with the
 * business time zone spelled out in a VTIMEZONE so calendars show the visit at the slot's local hour.
 */

import { boundedCache } from "../../contracts/common/bounded-cache.ts";

export interface CalendarEvent {
  /** Stable per booking: every later file about the booking replaces the earlier one in the calendar. */
  uid: string;
  /** Raised with every change of the booking; a calendar keeps the file with the highest one. */
  sequence: number;
  /** PUBLISH adds or updates the event; CANCEL removes it. */
  method: "PUBLISH" | "CANCEL";
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  /** Calendar date YYYY-MM-DD and whole hour (0–23) in `timeZone`. */
  date: string;
  hour: number;
  durationHours: number;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
  organizer: { name: string; email: string };
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** A TEXT value with backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Octets of one code point in UTF-8 (encoding each character with a TextEncoder was the slow part of a file). */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Splits a content line into lines of at most 75 octets, each continuation starting with one space
 * (RFC 5545 §3.1); never inside a UTF-8 sequence, so every line stays valid text.
 */
export function foldLine(line: string): string {
  // Most lines are short ASCII: no need to look at each character (each is one octet).
  if (line.length <= MAX_LINE_OCTETS && /^[\t -~]*$/.test(line)) return line;
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Local date-time form YYYYMMDDTHHMMSS of a wall-clock time (no zone letter: the TZID says which). */
function localStamp(date: string, hour: number): string {
  const [y, m, d] = date.split("-").map(Number);
  // Date.UTC only does the calendar arithmetic (an hour past midnight rolls to the next day).
  const t = new Date(Date.UTC(y!, m! - 1, d!, hour));
  return wallStamp(t);
}

/** The fields of a UTC Date read as a wall clock, in YYYYMMDDTHHMMSS form. */
function wallStamp(t: Date): string {
  return (
    `${pad(t.getUTCFullYear(), 4)}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}` +
    `T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`
  );
}

const utcStamp = (t: Date) => wallStamp(t) + "Z";

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A formatter that reads a zone's name or offset, made once per zone and style: building one is far slower than
 * using it, and a VTIMEZONE reads hundreds of offsets.
 */
export function zoneFormat(
  timeZone: string,
  timeZoneName: "longOffset" | "short" | "longGeneric",
  locale = "en-US",
): Intl.DateTimeFormat {
  const key = `${timeZone}\n${timeZoneName}\n${locale}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName });
    zoneFormats.set(key, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich), read from "GMT-05:00". */
export function offsetMinutes(instant: number, timeZone: string): number {
  const name = zoneFormat(timeZone, "longOffset")
    .formatToParts(new Date(instant))
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name ?? "");
  if (!m) return 0; // "GMT" alone: UTC itself.
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

function zoneAbbreviation(instant: number, timeZone: string): string {
  const parts = zoneFormat(timeZone, "short").formatToParts(new Date(instant));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** A change of the zone's offset: the first instant (whole minute) of the new offset. */
export interface OffsetChange {
  at: number;
  from: number;
  to: number;
}

/** Every offset change in [start, end), found day by day and then to the minute. */
export function offsetChanges(start: number, end: number, timeZone: string): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let before = offsetMinutes(start, timeZone);
  for (let day = start; day < end; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, end);
    const after = offsetMinutes(next, timeZone);
    if (after === before) continue;
    // The offset is `before` at lo and `after` at hi: halve down to one minute.
    let lo = day;
    let hi = next;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(mid, timeZone) === before) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: before, to: after });
    before = after;
  }
  return changes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * The zone as the event's year needs it: every observance from the start of the year before (so the
 * first months of the event's year are covered by last autumn's change) to the end of the event's year.
 * A zone without changes gets one STANDARD observance.
 */
export function vtimezone(timeZone: string, year: number): string[] {
  // Finding the changes reads ~800 offsets (about 7 ms of Intl work), and every booking e-mail needs the block:
  // it only depends on the zone and year, so each is worked out once per process.
  return [...vtimezones(`${timeZone}\n${year}`, () => buildVtimezone(timeZone, year))];
}

/** Zone-years: bookings span a year or two of one business zone, so the bound is never reached in practice. */
const vtimezones = boundedCache<readonly string[]>(64);

function buildVtimezone(timeZone: string, year: number): string[] {
  const start = Date.UTC(year - 1, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const changes = offsetChanges(start, end, timeZone);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = formatOffset(offsetMinutes(start, timeZone));
    lines.push(
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${escapeText(zoneAbbreviation(start, timeZone))}`,
      "END:STANDARD",
    );
  }
  for (const change of changes) {
    // An observance begins at the local time of the change, read with the offset in force before it.
    const kind = change.to > change.from ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallStamp(new Date(change.at + change.from * MINUTE_MS))}`,
      `TZOFFSETFROM:${formatOffset(change.from)}`,
      `TZOFFSETTO:${formatOffset(change.to)}`,
      `TZNAME:${escapeText(zoneAbbreviation(change.at, timeZone))}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/** The whole calendar file: CRLF line ends, folded lines, one VEVENT. */
export function calendarFile(event: CalendarEvent): string {
  const year = Number(event.date.slice(0, 4));
  const organizerName = event.organizer.name.replace(/["\\]/g, "");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    // The product that made the file: the business's booking site, so it carries the business's name.
    `PRODID:-//${escapeText(event.organizer.name)}//Booking//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...vtimezone(event.timeZone, year),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${event.timeZone}:${localStamp(event.date, event.hour)}`,
    `DTEND;TZID=${event.timeZone}:${localStamp(event.date, event.hour + event.durationHours)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN="${organizerName}":mailto:${event.organizer.email}`,
    `STATUS:${event.status}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
