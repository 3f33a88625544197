import { type Context, Hono, type MiddlewareHandler } from "hono";
import {
  firstNameOf,
  offersReview,
  PORTAL_MESSAGES,
  RATING_LINK_PURPOSE,
  type RatingLinkView,
  type RatingReceived,
  type RatingSaved,
} from "../../../contracts/portal/portal.ts";
import { LinkRatingSchema, RatingSchema } from "../../../contracts/portal/schemas.ts";
import { SERVICE_NAMES } from "../../../contracts/services/catalog.ts";
import type { Service } from "../../../contracts/services/service.ts";
import type { Settings } from "../../../contracts/settings/settings.ts";
import { Conflict, NotFound, Unprocessable } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import { publicRoute } from "../../../http/roles.ts";
import { validateJson } from "../../../http/validate.ts";
import type { Outbox } from "../../../outbox/outbox.ts";
import type { Clock } from "../../../platform/clock.ts";
import type { TokenService } from "../../../platform/tokens.ts";
import type { RealtimeEmitter } from "../../../realtime/emitter.ts";
import type { CustomerBooking, PortalVisitsRepo } from "../visits/repo.ts";
import type { RatingsRepo } from "./repo.ts";
import { DEFAULT_LOCALE } from "../../../contracts/i18n/locales.ts";
import type { CustomerLanguageRepo } from "../language/repo.ts";

export interface PortalRatingsDeps {
  repo: RatingsRepo;
  visits: PortalVisitsRepo;
  tokens: Pick<TokenService, "verifyLink">;
  outbox: Pick<Outbox, "write" | "wake">;
  realtime: Pick<RealtimeEmitter, "ratingReceived">;
  settings: () => Promise<Settings>;
  services: () => Promise<readonly Service[]>;
  /** The customer's record's language, which the rating link's page is shown in. */
  languages: Pick<CustomerLanguageRepo, "localeOfBooking">;
  requireCustomer: MiddlewareHandler<AppEnv>;
  clock: Clock;
}

/**
 * "How did we do?": once per completed visit, signed in (POST /ratings) or through the e-mail's signed link
 * (/ratings/{token}, no sign-in). Every rating is kept and told to the office, whatever its stars; only 4 or 5 stars
 * are offered the public review page.
 */
export function portalRatingsRoutes(deps: PortalRatingsDeps) {
  const { repo, visits, tokens, outbox, realtime } = deps;

  const titleOf = async (serviceType: string) =>
    (await deps.services()).find((s) => s._id === serviceType)?.title ?? SERVICE_NAMES[serviceType] ?? serviceType;

  const linked = async (c: Context<AppEnv>): Promise<CustomerBooking> => {
    const id = tokens.verifyLink(RATING_LINK_PURPOSE, c.req.param("token") ?? "");
    const booking = id ? await visits.getById(id) : null;
    if (!booking) throw new NotFound(PORTAL_MESSAGES.ratingLinkInvalid);
    return booking;
  };

  const rate = async (booking: CustomerBooking, stars: number, comment: string): Promise<RatingSaved> => {
    if (booking.status !== "completed") throw new Unprocessable(PORTAL_MESSAGES.ratingNotYet);
    const serviceTitle = await titleOf(booking.serviceType);
    const customerName = `${booking.firstName} ${booking.lastName}`.trim();
    const base = { bookingId: booking._id, stars, comment, technicianId: booking.technicianId };
    const told: Omit<RatingReceived, "createdAt"> = { ...base, technicianName: booking.technicianName, customerName };
    const createdAt = await repo.save(
      { ...base, email: booking.email, technicianName: booking.technicianName },
      async (tx) => {
        // The office hears of a low rating on its devices at once, to call the customer back.
        if (stars <= 2) {
          const rating = { ...told, createdAt: deps.clock.now().toISOString() };
          await outbox.write(tx, [{ kind: "low-rating", rating, serviceTitle }]);
        }
      },
    );
    if (!createdAt) throw new Conflict(PORTAL_MESSAGES.ratingTwice);
    realtime.ratingReceived({ ...told, createdAt: createdAt.toISOString() });
    if (stars <= 2) outbox.wake();
    const { reviewUrl } = await deps.settings();
    return offersReview(stars) && reviewUrl ? { stars, reviewUrl } : { stars };
  };

  return new Hono<AppEnv>()
    .post("/ratings", deps.requireCustomer, validateJson(RatingSchema), async (c) => {
      const { bookingId, stars, comment } = c.req.valid("json");
      const booking = await visits.getFor(c.get("customer"), bookingId);
      if (!booking) throw new NotFound(PORTAL_MESSAGES.visitNotFound);
      return c.json({ data: await rate(booking, stars, comment) }, 201);
    })
    .get("/ratings/:token", publicRoute, async (c) => {
      const booking = await linked(c);
      const locale = (await deps.languages.localeOfBooking(booking._id)) ?? DEFAULT_LOCALE;
      const spanish =
        locale === "es" ? (await deps.services()).find((s) => s._id === booking.serviceType)?.titleEs : undefined;
      const view: RatingLinkView = {
        serviceTitle: spanish ?? (await titleOf(booking.serviceType)),
        locale,
        cleaningDate: booking.cleaningDate,
        technicianFirstName: firstNameOf(booking.technicianName),
        rating: booking.ratingStars === null ? null : { stars: booking.ratingStars },
      };
      return c.json({ data: view });
    })
    .post("/ratings/:token", publicRoute, validateJson(LinkRatingSchema), async (c) => {
      const { stars, comment } = c.req.valid("json");
      return c.json({ data: await rate(await linked(c), stars, comment) }, 201);
    });
}
