import { spanishDay, spanishWeekdays } from "../common/days-es.ts";
import type { Locale } from "../i18n/locales.ts";
import { dateProblemMessage, rulesOf, timeRefusal } from "./date-problems.ts";
import { type DateProblem, closedDatesOn, slotsOnDate } from "./dates.ts";
import type { BookingRules } from "./rules.ts";

// The date refusals in a customer's language, the one place that writes them in Spanish: by hand, in the glossary's
// words ("usted"); English is date-problems.ts's, word for word. A module of its own, as days-in.ts: the booking
// form's first load carries English only, and a Spanish reader's page loads this. A closed date's reason is the
// settings' own text, as the office wrote it.
const CHOOSE = "Por favor elija ";

/**
 * dateProblemMessage in `locale`: "Estamos cerrados los domingos", "Estamos cerrados el 26 de noviembre de 2026
 * (Thanksgiving)", "Por favor elija una fecha dentro de los próximos 365 días".
 */
export function dateProblemIn(
  locale: Locale,
  problem: DateProblem,
  rules: BookingRules | number,
  isoDate = "",
): string {
  const r = rulesOf(rules);
  if (locale !== "es") return dateProblemMessage(problem, r, isoDate);
  switch (problem) {
    case "invalid":
      return "La fecha no es válida.";
    case "too-soon": {
      const lead = r.leadDays;
      const from =
        lead === 1 ? "a partir de mañana" : lead ? `con al menos ${lead} días de anticipación` : "a partir de hoy";
      return `${CHOOSE}una fecha ${from}.`;
    }
    case "too-far":
      return `${CHOOSE}una fecha dentro de los próximos ${r.horizonDays} días`;
    case "saturday":
      return `Lo sentimos, los sábados estamos cerrados. ${CHOOSE}otro día.`;
    case "closed-day":
      return `Estamos cerrados ${spanishWeekdays(isoDate)}`;
    case "closed-date": {
      const reason = closedDatesOn(isoDate, r)?.reason;
      return `Estamos cerrados el ${spanishDay(isoDate, { dateStyle: "long" })}${reason ? ` (${reason})` : ""}`;
    }
  }
}

/** timeRefusal in `locale`; the times are the form's own labels ("9:00 AM"), as its list of times shows them. */
export function timeRefusalIn(
  locale: Locale,
  isoDate: string,
  time: string,
  rules: Pick<BookingRules, "hours">,
): string | null {
  if (locale !== "es") return timeRefusal(isoDate, time, rules);
  const slots = slotsOnDate(isoDate, rules);
  if (slots.includes(time)) return null;
  const days = spanishWeekdays(isoDate);
  if (slots.length === 0) return `Estamos cerrados ${days}`;
  const every = days[0]!.toUpperCase() + days.slice(1);
  return `${every} nuestras visitas empiezan de ${slots[0]} a ${slots[slots.length - 1]}. ${CHOOSE}otro horario.`;
}
