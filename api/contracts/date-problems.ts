import { MESSAGES } from "./messages.ts";
import type { DateProblem } from "./schedule.ts";

/** The text shown (and answered by the API with 422) for a date that cannot be booked. */
export const DATE_PROBLEM_MESSAGES: Record<DateProblem, string> = {
  invalid: MESSAGES.invalidDate,
  "too-soon": MESSAGES.tooSoon,
  saturday: MESSAGES.saturdayClosed,
};
