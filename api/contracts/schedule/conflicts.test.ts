import assert from "node:assert/strict";
import { DEFAULT_TECHNICIAN_HOURS, DEFAULT_TRAVEL_RULES, type Place, travelMinutes } from "./board.ts";
import { clockText, type DayJob, dayConflict, jobLabel } from "./conflicts.ts";

// Two places 10 miles apart north-south (a degree of latitude is about 69.1 miles).
const home: Place = { lat: 35, lng: -80.8, addressKey: "a", approximate: false };
const tenMilesNorth: Place = { ...home, lat: 35 + 10 / 69.09, addressKey: "b" };

Deno.test(
  "travel: straight line × 1.3 at 30 mph, rounded up to 5 minutes, at least 10, none at the same address",
  () => {
    // 10 miles × 1.3 = 13 miles at 30 mph = 26 minutes, rounded up to 30.
    assert.equal(travelMinutes(home, tenMilesNorth), 30);
    assert.equal(travelMinutes(home, { ...home, lat: home.lat + 0.001, addressKey: "c" }), 10, "the minimum");
    assert.equal(travelMinutes(home, { ...tenMilesNorth, addressKey: "a" }), 0, "the same address");
    assert.equal(travelMinutes(home, tenMilesNorth, { ...DEFAULT_TRAVEL_RULES, mph: 60 }), 15);
  },
);

Deno.test("words: clock times and jobs as a sentence names them", () => {
  assert.equal(clockText(630), "10:30 AM");
  assert.equal(clockText(720), "12:00 PM");
  assert.equal(clockText(13 * 60 + 5), "1:05 PM");
  assert.equal(
    jobLabel({ firstName: "Mei", lastName: "Chen", serviceType: "dryer-vent-cleaning" }),
    "Mei Chen's dryer vent",
  );
  assert.equal(
    jobLabel({ firstName: "Al", lastName: "Roy", serviceType: "hvac-system-cleaning" }),
    "Al Roy's HVAC system",
  );
});

Deno.test("a technician's day: hours, then overlap, then the drive before and after", () => {
  const meiAtNine: DayJob = { _id: "mei", start: 540, minutes: 90, place: home, label: "Mei Chen's dryer vent" };
  const check = (start: number, minutes: number, place: Place = home) =>
    dayConflict({
      name: "Ana",
      date: "2026-03-03",
      job: { _id: "new", start, minutes, place },
      others: [meiAtNine],
      hours: DEFAULT_TECHNICIAN_HOURS,
      travel: DEFAULT_TRAVEL_RULES,
    });
  assert.deepEqual(check(600, 60), {
    message: "Ana has Mei Chen's dryer vent until 10:30 AM",
    conflict: { kind: "overlap", bookingId: "mei" },
  });
  assert.equal(check(630, 60), null, "right after it, at the same address");
  assert.equal(check(450, 60, tenMilesNorth), null, "ends just in time for the drive to Mei");
  assert.equal(check(480, 60), null, "right before it");
  assert.equal(check(630, 60, tenMilesNorth)?.conflict.kind, "travel", "no time for the 30-minute drive");
  assert.equal(check(660, 60, tenMilesNorth), null, "30 minutes after it ends");
  assert.equal(check(465, 60, tenMilesNorth)?.conflict.kind, "travel", "no time to get to Mei afterwards");
  assert.deepEqual(check(1140, 90), {
    message: "Ana works from 7:00 AM to 8:00 PM on Tuesdays",
    conflict: { kind: "hours" },
  });
  const saturday = dayConflict({
    name: "Ana",
    date: "2026-03-07",
    job: { _id: "new", start: 540, minutes: 60, place: home },
    others: [],
    hours: DEFAULT_TECHNICIAN_HOURS,
    travel: DEFAULT_TRAVEL_RULES,
  });
  assert.equal(saturday?.message, "Ana does not work on Saturdays");
});
