import { Hono } from "hono";
import type { AppEnv } from "../../http/env.ts";
import { type PortalMoneyDeps, portalMoneyRoutes } from "./money/routes.ts";
import { type PortalRatingsDeps, portalRatingsRoutes } from "./ratings/routes.ts";
import { type PortalSessionDeps, portalSessionRoutes } from "./sessions/routes.ts";
import { type PortalVisitsDeps, portalVisitsRoutes } from "./visits/routes.ts";

/**
 * /api/portal: the customer's own page (decision 0056). Signing in by an e-mailed link, the visits with their reports
 * and e-mail switches, their estimates and
 * invoices, and the rating after a visit; each a sub-app of its own.
 */
export function portalRoutes(deps: {
  sessions: PortalSessionDeps;
  visits: PortalVisitsDeps;
  ratings: Omit<PortalRatingsDeps, "visits">;
  money: PortalMoneyDeps;
}) {
  return new Hono<AppEnv>()
    .route("/", portalSessionRoutes(deps.sessions))
    .route("/", portalVisitsRoutes(deps.visits))
    .route("/", portalRatingsRoutes({ ...deps.ratings, visits: deps.visits.repo }))
    .route("/", portalMoneyRoutes(deps.money));
}
