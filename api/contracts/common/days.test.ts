import assert from "node:assert/strict";
import { longDayIn } from "./days-in.ts";
import { calendarDay, longDay, longWeekdayDay, monthOfDay, shortDay, shortWeekdayDay } from "./days.ts";

Deno.test("writes a day as Intl's en-US long and short dates would", () => {
  const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  for (const day of ["2026-01-01", "2026-02-28", "2026-05-09", "2026-09-30", "2026-11-20", "2027-12-31"]) {
    const noon = new Date(`${day}T12:00:00Z`);
    assert.equal(longDay(day), long.format(noon), day);
    assert.equal(shortDay(day), short.format(noon), day);
  }
});

Deno.test("writes a day in Spanish as Intl's es-US long date would: the Spanish estimate and invoice pages", () => {
  const long = new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeZone: "UTC" });
  for (const day of ["2026-01-01", "2026-02-28", "2026-05-09", "2026-09-30", "2026-11-20", "2027-12-31"]) {
    assert.equal(longDayIn("es", day), long.format(new Date(`${day}T12:00:00Z`)), day);
  }
});

Deno.test("an instant's day is the business's: 11 PM in Charlotte is still that day there", () => {
  assert.equal(calendarDay("2026-11-21T03:59:00.000Z", "America/New_York"), "2026-11-20");
  assert.equal(calendarDay("2026-11-21T05:00:00.000Z", "America/New_York"), "2026-11-21");
  assert.equal(calendarDay("2026-11-21T03:59:00.000Z", "UTC"), "2026-11-21");
});

Deno.test("writes a day with its weekday as Intl's en-US would, every day of two years", () => {
  const long = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  const short = new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    assert.equal(shortWeekdayDay(day), short.format(t), day);
    assert.equal(longWeekdayDay(day), long.format(t), day);
  }
});

Deno.test("writes a day's month as Intl's en-US month and year would, every month of two years", () => {
  const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  for (let m = 0; m < 24; m++) {
    const t = Date.UTC(2026, m, 15);
    assert.equal(monthOfDay(new Date(t).toISOString().slice(0, 10)), month.format(t));
  }
});
