import assert from "node:assert/strict";
import { DEFAULT_BOOKING_RULES } from "./rules.ts";
import { hoursTexts, hoursTextsEs } from "./hours-text.ts";
import { DEFAULT_PROFILE, DEFAULT_PROFILE_ES } from "../settings/profile.ts";

const { hours, hoursShort, hoursText } = DEFAULT_PROFILE;
const defaults = { hours, hoursShort, hoursText };
const nineToFive = { open: "09:00", close: "17:00" };
const weekdaysNineToFive = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
};

Deno.test("hours texts: SPEC's hours keep SPEC's words", () => {
  assert.deepEqual(hoursTexts(DEFAULT_BOOKING_RULES.hours, defaults), defaults);
});

Deno.test("hours texts: changed hours are written from the hours, closed days named", () => {
  const texts = hoursTexts(
    { ...weekdaysNineToFive, saturday: null, sunday: { open: "10:00", close: "14:00" } },
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

const spanishDefaults = DEFAULT_PROFILE_ES;

Deno.test("Spanish hours texts: SPEC's hours say the days they are open, Sunday to Friday, and Saturday closed", () => {
  assert.deepEqual(hoursTextsEs(DEFAULT_BOOKING_RULES.hours, spanishDefaults), {
    hours: "dom-vie 7:00 a.m. - 7:00 p.m.",
    hoursShort: "dom-vie: 7:00 a.m. - 7:00 p.m. / sáb: cerrado",
    hoursText: "de domingo a viernes de 7:00 a.m. a 7:00 p.m.; el sábado cerramos",
  });
});

Deno.test("Spanish hours texts: changed hours are written from the hours, in 12-hour times, closed days named", () => {
  const texts = hoursTextsEs(
    { ...weekdaysNineToFive, saturday: null, sunday: { open: "10:00", close: "14:00" } },
    spanishDefaults,
  );
  assert.deepEqual(texts, {
    hours: "lun-vie 9:00 a.m. - 5:00 p.m., dom 10:00 a.m. - 2:00 p.m.",
    hoursShort: "lun-vie: 9:00 a.m. - 5:00 p.m., dom: 10:00 a.m. - 2:00 p.m. / sáb: cerrado",
    hoursText: "de lunes a viernes de 9:00 a.m. a 5:00 p.m. y el domingo de 10:00 a.m. a 2:00 p.m.; el sábado cerramos",
  });
});

Deno.test("Spanish hours texts: a weekend closed names both days; noon and midnight are 12", () => {
  const texts = hoursTextsEs(
    { ...weekdaysNineToFive, wednesday: { open: "00:00", close: "12:00" }, saturday: null, sunday: null },
    spanishDefaults,
  );
  assert.equal(
    texts.hours,
    "lun-mar 9:00 a.m. - 5:00 p.m., mié 12:00 a.m. - 12:00 p.m., jue-vie 9:00 a.m. - 5:00 p.m.",
  );
  assert.equal(texts.hoursShort.split(" / ")[1], "sáb y dom: cerrado");
  assert.match(
    texts.hoursText,
    /^el lunes y el martes de 9:00 a.m. a 5:00 p.m., el miércoles .*; el sábado y el domingo cerramos$/,
  );
});

Deno.test("Spanish hours texts: a week with no open day is by appointment", () => {
  const closed = Object.fromEntries(Object.keys(DEFAULT_BOOKING_RULES.hours).map((day) => [day, null]));
  assert.deepEqual(hoursTextsEs(closed as typeof DEFAULT_BOOKING_RULES.hours, spanishDefaults), {
    hours: "Cerrado",
    hoursShort: "Cerrado",
    hoursText: "solo con cita previa",
  });
});
