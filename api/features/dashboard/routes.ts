import { Hono, type MiddlewareHandler } from "hono";
import type { DashboardSummary } from "../../contracts/dashboard/summary.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { DashboardRepo } from "./repo.ts";

export interface DashboardDeps {
  repo: DashboardRepo;
  /**
   * Payments less refunds in cents, from the start of that business day on (all of them without one): the reports'
   * own sum, so the dashboard and the reports never disagree on money.
   */
  netCollectedCents: (fromDay?: string) => Promise<number>;
  clock: Clock;
  businessTz: string;
  requireAdmin: MiddlewareHandler<AppEnv>;
}

/** /api/dashboard, owners and admins only: the office's figures, computed by the database. */
export function dashboardRoutes({ repo, netCollectedCents, clock, businessTz, requireAdmin }: DashboardDeps) {
  return new Hono<AppEnv>().get("/summary", requireAdmin, async (c) => {
    const firstOfMonth = `${todayIn(businessTz, clock.now()).slice(0, 7)}-01`;
    const [figures, totalRevenueCents, collectedThisMonthCents] = await Promise.all([
      repo.bookingFigures(),
      netCollectedCents(),
      netCollectedCents(firstOfMonth),
    ]);
    const summary: DashboardSummary = { ...figures, totalRevenueCents, collectedThisMonthCents };
    return c.json(summary);
  });
}
