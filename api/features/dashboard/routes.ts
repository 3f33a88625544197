import { Hono, type MiddlewareHandler } from "hono";
import { todayIn } from "../../contracts/schedule/dates.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { DashboardRepo } from "./repo.ts";

export interface DashboardDeps {
  repo: DashboardRepo;
  clock: Clock;
  businessTz: string;
  requireAdmin: MiddlewareHandler<AppEnv>;
}

/** /api/dashboard, owners and admins only: the office's figures, kept by the database as it is written. */
export function dashboardRoutes({ repo, clock, businessTz, requireAdmin }: DashboardDeps) {
  return new Hono<AppEnv>().get("/summary", requireAdmin, async (c) => {
    const firstOfMonth = `${todayIn(businessTz, clock.now()).slice(0, 7)}-01`;
    return c.json(await repo.summary(firstOfMonth, businessTz));
  });
}
