import assert from "node:assert/strict";
import { spanishDay, spanishWeekdays } from "../common/days-es.ts";
import { dateProblemMessage, timeRefusal } from "./date-problems.ts";
import { dateProblemIn, timeRefusalIn } from "./date-problems-in.ts";
import type { DateProblem } from "./dates.ts";
import { type BookingRules, DEFAULT_BOOKING_RULES } from "./rules.ts";

const SUNDAY = "2026-03-08";
const MONDAY = "2026-03-09";
const THANKSGIVING = "2026-11-26";
const RULES: BookingRules = {
  ...DEFAULT_BOOKING_RULES,
  hours: { ...DEFAULT_BOOKING_RULES.hours, sunday: null, monday: { open: "09:00", close: "12:00" } },
  closedDates: [
    { from: THANKSGIVING, to: THANKSGIVING, reason: "Thanksgiving" },
    { from: "2026-12-24", to: "2026-12-31", reason: "" },
  ],
};
const PROBLEMS: DateProblem[] = ["invalid", "too-soon", "too-far", "saturday", "closed-day", "closed-date"];

Deno.test("a closed weekday is refused in Spanish by its plural: 'Estamos cerrados los domingos'", () => {
  assert.equal(dateProblemIn("es", "closed-day", RULES, SUNDAY), "Estamos cerrados los domingos");
  assert.equal(dateProblemIn("es", "closed-day", RULES, MONDAY), "Estamos cerrados los lunes");
  assert.equal(timeRefusalIn("es", SUNDAY, "10:00 AM", RULES), "Estamos cerrados los domingos");
});

Deno.test("a closed date is written the Spanish way, with the office's reason as written, or none", () => {
  assert.equal(
    dateProblemIn("es", "closed-date", RULES, THANKSGIVING),
    "Estamos cerrados el 26 de noviembre de 2026 (Thanksgiving)",
  );
  assert.equal(dateProblemIn("es", "closed-date", RULES, "2026-12-29"), "Estamos cerrados el 29 de diciembre de 2026");
});

Deno.test("too far, too soon, a Saturday and a date that is not one, in Spanish, by the rules' own figures", () => {
  assert.equal(
    dateProblemIn("es", "too-far", RULES, "2027-12-01"),
    "Por favor elija una fecha dentro de los próximos 365 días",
  );
  assert.equal(
    dateProblemIn("es", "too-far", 30, "2027-12-01"),
    "Por favor elija una fecha dentro de los próximos 30 días",
  );
  assert.equal(dateProblemIn("es", "too-soon", RULES), "Por favor elija una fecha a partir de mañana.");
  assert.equal(
    dateProblemIn("es", "too-soon", { ...RULES, leadDays: 0 }),
    "Por favor elija una fecha a partir de hoy.",
  );
  assert.equal(
    dateProblemIn("es", "too-soon", { ...RULES, leadDays: 3 }),
    "Por favor elija una fecha con al menos 3 días de anticipación.",
  );
  assert.equal(
    dateProblemIn("es", "saturday", RULES, "2026-03-14"),
    "Lo sentimos, los sábados estamos cerrados. Por favor elija otro día.",
  );
  assert.equal(dateProblemIn("es", "invalid", RULES, "2026-02-30"), "La fecha no es válida.");
});

Deno.test("a time outside a day's hours is refused in Spanish with the form's own times", () => {
  assert.equal(
    timeRefusalIn("es", MONDAY, "7:00 AM", RULES),
    "Los lunes nuestras visitas empiezan de 9:00 AM a 12:00 PM. Por favor elija otro horario.",
  );
  assert.equal(timeRefusalIn("es", MONDAY, "10:00 AM", RULES), null);
});

Deno.test("English is dateProblemMessage's and timeRefusal's, word for word", () => {
  for (const problem of PROBLEMS) {
    for (const day of [SUNDAY, THANKSGIVING, "2026-12-29"]) {
      assert.equal(dateProblemIn("en", problem, RULES, day), dateProblemMessage(problem, RULES, day));
    }
  }
  assert.equal(dateProblemIn("en", "closed-day", RULES, SUNDAY), "We're closed on Sundays");
  assert.equal(
    dateProblemIn("en", "closed-date", RULES, THANKSGIVING),
    "We're closed on November 26, 2026 (Thanksgiving)",
  );
  assert.equal(dateProblemIn("en", "too-far", 365), "Please choose a date within the next 365 days");
  assert.equal(
    dateProblemIn("en", "too-soon", { ...RULES, leadDays: 3 }),
    "Please choose a date at least 3 days from today.",
  );
  assert.equal(timeRefusalIn("en", MONDAY, "7:00 AM", RULES), timeRefusal(MONDAY, "7:00 AM", RULES));
  assert.equal(
    timeRefusalIn("en", MONDAY, "7:00 AM", RULES),
    "On Mondays our visits start from 9:00 AM to 12:00 PM. Please choose another time.",
  );
});

Deno.test("every weekday's plural and a long date are written in Spanish, in lower case", () => {
  const week = ["domingos", "lunes", "martes", "miércoles", "jueves", "viernes", "sábados"];
  week.forEach((plural, i) => assert.equal(spanishWeekdays(`2026-03-0${i + 1}`), `los ${plural}`));
  assert.equal(spanishDay("2026-03-10", { dateStyle: "full" }), "martes, 10 de marzo de 2026");
  assert.equal(spanishDay("2027-01-01", { dateStyle: "long" }), "1 de enero de 2027");
});
