import assert from "node:assert/strict";
import { reminderMoment } from "./reminders.ts";

const visit = new Date("2026-03-10T14:00:00Z");
const rules = { hours: 24, minGapHours: 12 };

Deno.test("a visit booked well ahead is reminded 24 hours before", () => {
  assert.deepEqual(reminderMoment(visit, new Date("2026-03-01T10:00:00Z"), rules), new Date("2026-03-09T14:00:00Z"));
});

Deno.test(
  "a visit booked the day before is reminded 12 hours after the booking, if that is still 2 hours ahead",
  () => {
    assert.deepEqual(reminderMoment(visit, new Date("2026-03-09T20:00:00Z"), rules), new Date("2026-03-10T08:00:00Z"));
    assert.equal(reminderMoment(visit, new Date("2026-03-10T01:00:00Z"), rules), null, "11 hours before: none");
  },
);

Deno.test("with no minimum gap a late booking is reminded at once, inside the window", () => {
  const booked = new Date("2026-03-09T18:00:00Z");
  assert.deepEqual(reminderMoment(visit, booked, { hours: 24, minGapHours: 0 }), booked);
});

Deno.test("a reminder set closer than 2 hours to the visit is never sent", () => {
  assert.equal(reminderMoment(visit, new Date("2026-03-01T10:00:00Z"), { hours: 1, minGapHours: 0 }), null);
});
