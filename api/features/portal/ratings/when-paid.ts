import type { Booking } from "../../../contracts/bookings/booking.ts";
import { RATING_LINK_PURPOSE } from "../../../contracts/portal/portal.ts";
import type { Service } from "../../../contracts/services/service.ts";
import type { BusinessProfile } from "../../../contracts/settings/profile.ts";
import { type Settings, withSettingsProfile } from "../../../contracts/settings/settings.ts";
import type { Tx } from "../../../db/client.ts";
import type { OutboxOrder } from "../../../outbox/orders.ts";
import type { TokenService } from "../../../platform/tokens.ts";

export interface RatingWhenPaidDeps {
  /** Read in the payment's own transaction. */
  booking: (id: string, tx: Tx) => Promise<Booking | null>;
  settings: () => Promise<Settings>;
  services: () => Promise<readonly Service[]>;
  tokens: Pick<TokenService, "signLink">;
  profile: BusinessProfile;
}

/**
 * The "How did we do?" of a completed visit whose invoice was just paid in full, due at once: the one ordered at its
 * completion was skipped while something was owed (or is still waiting, and the outbox then writes none). Nothing
 * when the rating switch in Settings is off or the visit is no longer completed.
 */
export function ratingWhenPaid(deps: RatingWhenPaidDeps) {
  return async ({ _id }: { _id: string }, now: Date, tx: Tx): Promise<OutboxOrder | null> => {
    const [settings, services, booking] = await Promise.all([deps.settings(), deps.services(), deps.booking(_id, tx)]);
    if (!settings.ratingEmail || booking?.status !== "completed") return null;
    return {
      kind: "rating-request",
      booking,
      ratingToken: deps.tokens.signLink(RATING_LINK_PURPOSE, booking._id),
      dueAt: now,
      context: {
        profile: withSettingsProfile(deps.profile, settings.profile),
        serviceTitle: services.find((s) => s._id === booking.serviceType)?.title,
      },
    };
  };
}
