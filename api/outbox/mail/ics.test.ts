import assert from "node:assert/strict";
import { zonedInstant } from "../../contracts/schedule/dates.ts";
import { calendarFile, type CalendarEvent, escapeText, foldLine, offsetChanges, vtimezone } from "./ics.ts";
import { parseCalendar } from "../testing.ts";

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "booking-1@example.com",
  sequence: 0,
  method: "PUBLISH",
  status: "TENTATIVE",
  date: "2026-07-14",
  hour: 9,
  durationHours: 2,
  timeZone: "America/New_York",
  summary: "Air Duct Cleaning: ClearFlow",
  location: "1200 East Blvd, Charlotte, NC 28203",
  description: "Two units",
  organizer: { name: "ClearFlow", email: "info@example.com" },
  stamp: new Date("2026-03-02T15:00:00Z"),
  ...overrides,
});

const octets = (s: string) => new TextEncoder().encode(s).length;

Deno.test("folds lines at 75 octets with a leading space, never inside a UTF-8 character", () => {
  const line = "DESCRIPTION:" + "é".repeat(100);
  const folded = foldLine(line).split("\r\n");
  assert.ok(folded.length > 1);
  for (const part of folded) assert.ok(octets(part) <= 75, `${octets(part)} octets`);
  for (const part of folded.slice(1)) assert.ok(part.startsWith(" "));
  assert.equal(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join(""), line);
  assert.equal(foldLine("SUMMARY:short"), "SUMMARY:short");
  assert.equal(octets(foldLine("X:" + "a".repeat(73))), 75);
});

Deno.test("folds 4-octet characters (emoji) whole, and short non-ASCII lines are left as they are", () => {
  const line = "SUMMARY:" + "🧹".repeat(30);
  const folded = foldLine(line).split("\r\n");
  for (const part of folded) assert.ok(octets(part) <= 75, `${octets(part)} octets`);
  assert.equal(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join(""), line);
  assert.equal(foldLine("LOCATION:Café"), "LOCATION:Café");
});

Deno.test("a zone's VTIMEZONE is worked out once per year and each caller gets its own copy", () => {
  const first = vtimezone("America/New_York", 2027);
  first.push("changed by a caller");
  const second = vtimezone("America/New_York", 2027);
  assert.ok(!second.includes("changed by a caller"));
  assert.notDeepEqual(vtimezone("America/New_York", 2028), second, "another year, its own changes");
  assert.deepEqual(vtimezone("America/New_York", 2027), second);
});

Deno.test("escapes backslash, semicolon, comma and every kind of line break in TEXT", () => {
  assert.equal(escapeText("a,b;c\\d"), "a\\,b\\;c\\\\d");
  assert.equal(escapeText("one\r\ntwo\nthree\rfour"), "one\\ntwo\\nthree\\nfour");
});

Deno.test("a calendar file uses CRLF only and every line fits in 75 octets", () => {
  const text = calendarFile(event({ description: "x".repeat(300), location: "Suite 5, 1200 East Blvd; rear" }));
  assert.ok(text.endsWith("\r\n"));
  assert.ok(!/[^\r]\n/.test(text), "bare LF");
  for (const line of text.split("\r\n")) assert.ok(octets(line) <= 75);
  const { vevent } = parseCalendar(text);
  assert.equal(vevent.getFirstPropertyValue("location"), "Suite 5, 1200 East Blvd; rear");
  assert.equal(vevent.getFirstPropertyValue("description"), "x".repeat(300));
});

Deno.test("New York's VTIMEZONE has the real 2026 onsets: EDT from 8 March 2:00, EST from 1 November 2:00", () => {
  const text = vtimezone("America/New_York", 2026).join("\n");
  assert.match(text, /BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nTZNAME:EDT/);
  assert.match(text, /BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nTZNAME:EST/);
  // Last autumn's change covers January to early March of the event's year.
  assert.match(text, /DTSTART:20251102T020000/);
});

Deno.test("a summer and a winter visit resolve to the right instants through the VTIMEZONE", () => {
  for (const date of ["2026-07-14", "2026-01-13", "2026-12-01"]) {
    const { vevent, event: parsed } = parseCalendar(calendarFile(event({ date, hour: 9 })));
    const dtstart = vevent.getFirstProperty("dtstart")!;
    assert.equal(dtstart.getParameter("tzid"), "America/New_York");
    assert.equal(parsed.startDate.hour, 9);
    assert.equal(parsed.startDate.toJSDate().toISOString(), zonedInstant(date, 9, "America/New_York").toISOString());
    assert.equal(parsed.endDate.toJSDate().getTime() - parsed.startDate.toJSDate().getTime(), 2 * 60 * 60 * 1000);
  }
});

Deno.test("a zone without daylight saving time gets one STANDARD observance", () => {
  assert.deepEqual(offsetChanges(Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1), "Asia/Tokyo"), []);
  const text = vtimezone("Asia/Tokyo", 2026).join("\n");
  assert.match(text, /BEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:\+0900\nTZOFFSETTO:\+0900/);
  assert.doesNotMatch(text, /DAYLIGHT/);
});

Deno.test("a cancellation keeps the UID and carries METHOD:CANCEL and STATUS:CANCELLED", () => {
  const text = calendarFile(event({ method: "CANCEL", status: "CANCELLED", sequence: 3 }));
  const { calendar, vevent } = parseCalendar(text);
  assert.equal(calendar.getFirstPropertyValue("method"), "CANCEL");
  assert.equal(vevent.getFirstPropertyValue("status"), "CANCELLED");
  assert.equal(vevent.getFirstPropertyValue("uid"), "booking-1@example.com");
  assert.equal(vevent.getFirstPropertyValue("sequence"), 3);
});

Deno.test("the PRODID names the business that made the file, escaped as text", () => {
  const organizer = { name: "Blue Ridge Air, Inc.", email: "office@example.com" };
  const file = calendarFile(event({ organizer, summary: "Air Duct Cleaning: Blue Ridge Air" }));
  assert.match(file, /\r\nPRODID:-\/\/Blue Ridge Air\\, Inc\.\/\/Booking\/\/EN\r\n/);
  assert.doesNotMatch(file, /ClearFlow/);
});
