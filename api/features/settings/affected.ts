import type { AffectedBooking, Settings } from "../../contracts/settings/settings.ts";
import { isOpenAt } from "../../contracts/schedule/dates.ts";
import type { LiveBooking } from "./repo.ts";

/**
 * The live bookings a change of hours or closed dates leaves outside them: open under the settings before, not
 * after. They are kept (the owner calls the customers); the answer lists them so the Settings screen can link them.
 */
export function affectedBookings(live: LiveBooking[], before: Settings, after: Settings): AffectedBooking[] {
  return live
    .filter((b) => isOpenAt(b.cleaningDate, b.cleaningTime, before) && !isOpenAt(b.cleaningDate, b.cleaningTime, after))
    .map(({ _id, cleaningDate, cleaningTime, firstName, lastName }) => ({
      _id,
      cleaningDate,
      cleaningTime,
      firstName,
      lastName,
    }));
}
