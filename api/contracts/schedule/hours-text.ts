import { hourOf, slotLabel } from "./dates.ts";
import { DEFAULT_BOOKING_RULES, type OpenHours, type Weekday, type WeeklyHours } from "./rules.ts";

/** The three ways the pages print the opening hours (see BusinessProfile). */
export interface HoursTexts {
  hours: string;
  hoursShort: string;
  hoursText: string;
}

// Monday first, as a week is read on a shop door.
const WEEK: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const SHORT: Record<Weekday, string> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};
/** "Monday": a weekday as a sentence or a form names it. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const same = (a: OpenHours | null, b: OpenHours | null) => a?.open === b?.open && a?.close === b?.close;

const isSpecWeek = (hours: WeeklyHours) => WEEK.every((day) => same(hours[day], DEFAULT_BOOKING_RULES.hours[day]));

/** Runs of consecutive open days with the same hours, Monday first. */
function openRuns(hours: WeeklyHours): { days: Weekday[]; open: OpenHours }[] {
  const runs: { days: Weekday[]; open: OpenHours }[] = [];
  for (const day of WEEK) {
    const open = hours[day];
    if (!open) continue;
    const last = runs.at(-1);
    const previous = WEEK[WEEK.indexOf(day) - 1];
    if (last && previous && last.days.at(-1) === previous && same(last.open, open)) last.days.push(day);
    else runs.push({ days: [day], open });
  }
  return runs;
}

const range = (days: Weekday[]) => (days.length === 1 ? SHORT[days[0]!] : `${SHORT[days[0]!]}-${SHORT[days.at(-1)!]}`);
const time = (hhmm: string) => slotLabel(hourOf(hhmm));
const list = (names: string[], and = "and") =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
// The three texts only: `defaults` may be a whole profile, whose other fields must not come along.
const threeOf = ({ hours, hoursShort, hoursText }: HoursTexts): HoursTexts => ({ hours, hoursShort, hoursText });

/**
 * The hours texts of `hours`: `defaults` (SPEC's own words, or the BUSINESS_HOURS* variables) while the hours are
 * SPEC's, otherwise written from the hours ("Mon-Fri 9:00 AM - 5:00 PM, Sun 10:00 AM - 2:00 PM").
 */
export function hoursTexts(hours: WeeklyHours, defaults: HoursTexts): HoursTexts {
  if (isSpecWeek(hours)) return threeOf(defaults);
  const runs = openRuns(hours);
  const closed = WEEK.filter((day) => !hours[day]);
  if (runs.length === 0) return { hours: "Closed", hoursShort: "Closed", hoursText: "by appointment only" };
  const long = runs.map((r) => `${range(r.days)} ${time(r.open.open)} - ${time(r.open.close)}`).join(", ");
  const compact = runs
    .map((r) => `${range(r.days)}: ${time(r.open.open).replace(" ", "")} - ${time(r.open.close).replace(" ", "")}`)
    .join(", ");
  const running = runs.map((r) => `${range(r.days)} ${time(r.open.open)} to ${time(r.open.close)}`).join(", ");
  return {
    hours: long,
    hoursShort: closed.length ? `${compact} / ${closed.map((d) => SHORT[d]).join(", ")}-close` : compact,
    hoursText: closed.length ? `${running}, ${list(closed.map((d) => WEEKDAY_NAMES[d]))} closed` : running,
  };
}

// Spanish, as the glossary writes it (docs/glossary-es.md): days in lower case, "9:00 a.m." as ICU's es-US.
const SHORT_ES: Record<Weekday, string> = {
  monday: "lun",
  tuesday: "mar",
  wednesday: "mié",
  thursday: "jue",
  friday: "vie",
  saturday: "sáb",
  sunday: "dom",
};
const NAMES_ES: Record<Weekday, string> = {
  monday: "lunes",
  tuesday: "martes",
  wednesday: "miércoles",
  thursday: "jueves",
  friday: "viernes",
  saturday: "sábado",
  sunday: "domingo",
};

const timeEs = (hhmm: string) => {
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 || 12}:${hhmm.slice(3, 5)} ${hour < 12 ? "a.m." : "p.m."}`;
};
const rangeEs = (days: Weekday[]) =>
  days.length === 1 ? SHORT_ES[days[0]!] : `${SHORT_ES[days[0]!]}-${SHORT_ES[days.at(-1)!]}`;
/** "el domingo", "el sábado y el domingo", "de lunes a viernes". */
const daysEs = (days: Weekday[]) =>
  days.length <= 2
    ? days.map((day) => `el ${NAMES_ES[day]}`).join(" y ")
    : `de ${NAMES_ES[days[0]!]} a ${NAMES_ES[days.at(-1)!]}`;

/**
 * The Spanish hours texts of `hours`: `defaults` (SPEC's words in Spanish) while the hours are SPEC's, otherwise
 * written from the hours: "lun-vie 9:00 a.m. - 5:00 p.m., dom 10:00 a.m. - 2:00 p.m."; the short one
 * "lun-vie: 9:00 a.m. - 5:00 p.m. / sáb: cerrado"; the running one reads after "abrimos" and "Nuestro horario:":
 * "de lunes a viernes de 9:00 a.m. a 5:00 p.m.; el sábado cerramos".
 */
export function hoursTextsEs(hours: WeeklyHours, defaults: HoursTexts): HoursTexts {
  if (isSpecWeek(hours)) return threeOf(defaults);
  const runs = openRuns(hours);
  const closed = WEEK.filter((day) => !hours[day]);
  if (runs.length === 0) return { hours: "Cerrado", hoursShort: "Cerrado", hoursText: "solo con cita previa" };
  const span = (r: { open: OpenHours }, to: string) => `${timeEs(r.open.open)}${to}${timeEs(r.open.close)}`;
  const compact = runs.map((r) => `${rangeEs(r.days)}: ${span(r, " - ")}`).join(", ");
  const running = list(
    runs.map((r) => `${daysEs(r.days)} de ${span(r, " a ")}`),
    "y",
  );
  return {
    hours: runs.map((r) => `${rangeEs(r.days)} ${span(r, " - ")}`).join(", "),
    hoursShort: closed.length
      ? `${compact} / ${list(
          closed.map((d) => SHORT_ES[d]),
          "y",
        )}: cerrado`
      : compact,
    hoursText: closed.length
      ? `${running}; ${list(
          closed.map((d) => `el ${NAMES_ES[d]}`),
          "y",
        )} cerramos`
      : running,
  };
}
