import assert from "node:assert/strict";
import { quietUntil } from "./quiet-hours.ts";

const NY = "America/New_York";

Deno.test("texts may go from 8 AM until 9 PM in the business's time zone", () => {
  assert.equal(quietUntil(new Date("2026-03-02T13:00:00Z"), NY), null, "8:00 AM");
  assert.equal(quietUntil(new Date("2026-03-03T01:59:00Z"), NY), null, "8:59 PM");
});

Deno.test("from 9 PM a text waits for 8 AM the next morning, before 8 AM for that morning", () => {
  assert.equal(quietUntil(new Date("2026-03-03T02:00:00Z"), NY)?.toISOString(), "2026-03-03T13:00:00.000Z");
  assert.equal(quietUntil(new Date("2026-03-03T11:30:00Z"), NY)?.toISOString(), "2026-03-03T13:00:00.000Z");
});

Deno.test("quiet hours follow the clocks across the change to summer time", () => {
  // Saturday 7 March 2026, 11 PM EST; the clocks go forward on Sunday the 8th: 8 AM is then 12:00 UTC.
  assert.equal(quietUntil(new Date("2026-03-08T04:00:00Z"), NY)?.toISOString(), "2026-03-08T12:00:00.000Z");
});

Deno.test("a state that ends the day at 8 PM has its own quiet hours", () => {
  const florida = { fromHour: 20, untilHour: 8 };
  assert.equal(quietUntil(new Date("2026-03-03T01:30:00Z"), NY, florida)?.toISOString(), "2026-03-03T13:00:00.000Z");
});
