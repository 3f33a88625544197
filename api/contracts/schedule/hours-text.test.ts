import assert from "node:assert/strict";
import { DEFAULT_BOOKING_RULES } from "./rules.ts";
import { hoursTexts } from "./hours-text.ts";
import { DEFAULT_PROFILE } from "../settings/profile.ts";

const { hours, hoursShort, hoursText } = DEFAULT_PROFILE;
const defaults = { hours, hoursShort, hoursText };

Deno.test("hours texts: SPEC's hours keep SPEC's words", () => {
  assert.deepEqual(hoursTexts(DEFAULT_BOOKING_RULES.hours, defaults), defaults);
});

Deno.test("hours texts: changed hours are written from the hours, closed days named", () => {
  const nineToFive = { open: "09:00", close: "17:00" };
  const texts = hoursTexts(
    {
      monday: nineToFive,
      tuesday: nineToFive,
      wednesday: nineToFive,
      thursday: nineToFive,
      friday: nineToFive,
      saturday: null,
      sunday: { open: "10:00", close: "14:00" },
    },
    defaults,
  );
  assert.deepEqual(texts, {
    hours: "Mon-Fri 9:00 AM - 5:00 PM, Sun 10:00 AM - 2:00 PM",
    hoursShort: "Mon-Fri: 9:00AM - 5:00PM, Sun: 10:00AM - 2:00PM / Sat-close",
    hoursText: "Mon-Fri 9:00 AM to 5:00 PM, Sun 10:00 AM to 2:00 PM, Saturday closed",
  });
});

Deno.test("hours texts: two closed days are both named", () => {
  const seven = { open: "07:00", close: "19:00" };
  const texts = hoursTexts({ ...DEFAULT_BOOKING_RULES.hours, sunday: null, monday: { ...seven } }, defaults);
  assert.equal(texts.hours, "Mon-Fri 7:00 AM - 7:00 PM");
  assert.equal(texts.hoursShort, "Mon-Fri: 7:00AM - 7:00PM / Sat, Sun-close");
  assert.equal(texts.hoursText, "Mon-Fri 7:00 AM to 7:00 PM, Saturday and Sunday closed");
});
