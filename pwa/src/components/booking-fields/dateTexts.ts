import { useEffect, useState } from "react";
import type { Locale } from "@contracts/i18n/locales.ts";
import { dateProblemMessage } from "@contracts/schedule/date-problems.ts";
import type { DateProblem } from "@contracts/schedule/dates.ts";
import type { BookingRules } from "@contracts/schedule/rules.ts";

type InLanguage = typeof import("@contracts/schedule/date-problems-in.ts");

// The date refusals in Spanish are a chunk a Spanish reader loads: the booking form's first load (its budget) carries
// the English ones only. Kept here once loaded, for every date field and the forms' own refusals.
let inLanguage: InLanguage | null = null;

/** Loads the refusals in the reader's language once, for Spanish; the field shows again in it once they are here. */
export function useDateTexts(locale: Locale): void {
  const [, shown] = useState(inLanguage);
  useEffect(() => {
    if (locale === "es" && !inLanguage)
      import("@contracts/schedule/date-problems-in.ts").then((module) => shown((inLanguage = module)), console.error);
  }, [locale]);
}

/** dateProblemMessage in `locale`, English until a date field has loaded the Spanish (useDateTexts). */
export const dateProblemText = (
  problem: DateProblem,
  rules: BookingRules | number,
  isoDate: string,
  locale: Locale,
): string =>
  inLanguage ? inLanguage.dateProblemIn(locale, problem, rules, isoDate) : dateProblemMessage(problem, rules, isoDate);
