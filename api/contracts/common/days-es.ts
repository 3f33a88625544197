/**
 * A day ("2026-03-10") in Spanish by the runtime's Intl: `{ dateStyle: "full" }` "martes, 10 de marzo de 2026",
 * `"long"` "26 de noviembre de 2026", `{ weekday: "long" }` "martes". Shorter than tables of the names on the booking
 * form's first load, and only a Spanish reader pays the locale data's first load; English stays written out (days.ts).
 */
export const spanishDay = (day: string, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat("es", { ...options, timeZone: "UTC" }).format(new Date(day));

/** "los domingos", "los lunes": a weekday's plural, for a rule that holds every week. */
export const spanishWeekdays = (day: string): string => {
  const name = spanishDay(day, { weekday: "long" });
  return `los ${name.endsWith("s") ? name : `${name}s`}`;
};
