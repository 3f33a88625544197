import assert from "node:assert/strict";
import { firstOpenDay, todayIn, zonedInstant } from "./dates.ts";
import { DEFAULT_BOOKING_RULES } from "./rules.ts";

Deno.test("today turns at the zone's midnight, also when asked in the same quarter hour before", () => {
  // New York, winter: midnight is 05:00 UTC.
  assert.equal(todayIn("America/New_York", new Date("2026-12-01T04:59:59.999Z")), "2026-11-30");
  assert.equal(todayIn("America/New_York", new Date("2026-12-01T05:00:00.000Z")), "2026-12-01");
  // Kathmandu is 5 h 45 min ahead: its midnight falls on a quarter hour of UTC, not on an hour.
  assert.equal(todayIn("Asia/Kathmandu", new Date("2026-11-30T18:14:59.999Z")), "2026-11-30");
  assert.equal(todayIn("Asia/Kathmandu", new Date("2026-11-30T18:15:00.000Z")), "2026-12-01");
  // The same instant in another zone is another question.
  assert.equal(todayIn("Pacific/Kiritimati", new Date("2026-11-30T18:15:00.000Z")), "2026-12-01");
  assert.equal(todayIn("Pacific/Pago_Pago", new Date("2026-11-30T18:15:00.000Z")), "2026-11-30");
});

Deno.test("a visit's instant follows the zone's daylight saving time, asked once or again", () => {
  for (let ask = 0; ask < 2; ask++) {
    assert.equal(zonedInstant("2026-07-01", 9, "America/New_York").toISOString(), "2026-07-01T13:00:00.000Z");
    assert.equal(zonedInstant("2026-12-01", 9, "America/New_York").toISOString(), "2026-12-01T14:00:00.000Z");
  }
  // Each answer is a Date of its own: changing one does not change the next.
  zonedInstant("2026-12-01", 9, "America/New_York").setTime(0);
  assert.equal(zonedInstant("2026-12-01", 9, "America/New_York").toISOString(), "2026-12-01T14:00:00.000Z");
});

Deno.test("the first open day skips a closed Saturday and a holiday, and gives up at its horizon", () => {
  const rules = {
    ...DEFAULT_BOOKING_RULES,
    closedDates: [{ from: "2026-05-03", to: "2026-05-05", reason: "Holiday" }],
  };
  assert.equal(firstOpenDay("2026-05-01", rules), "2026-05-01", "an open Friday is itself");
  assert.equal(firstOpenDay("2026-05-02", rules), "2026-05-06", "Saturday, then three holidays");
  assert.equal(firstOpenDay("2026-05-02", rules, 2), "2026-05-02", "none open within two days: the date itself");
});
