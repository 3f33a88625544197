import { MESSAGES } from "./messages.ts";
import { BOOKING_HORIZON_DAYS, type DateProblem } from "./schedule.ts";

/** The text shown (and answered by the API with 422) for a date that cannot be booked. */
export function dateProblemMessage(problem: DateProblem, horizonDays: number = BOOKING_HORIZON_DAYS): string {
  switch (problem) {
    case "invalid":
      return MESSAGES.invalidDate;
    case "too-soon":
      return MESSAGES.tooSoon;
    case "too-far":
      return tooFarMessage(horizonDays);
    case "saturday":
      return MESSAGES.saturdayClosed;
  }
}

export const tooFarMessage = (horizonDays: number) => `Please choose a date within the next ${horizonDays} days`;
