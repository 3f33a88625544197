import assert from "node:assert/strict";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Plan } from "../contracts/plans/plan.ts";
import { withSettingsProfile } from "../contracts/settings/settings.ts";
import type { BillingDeps } from "../features/memberships/billing.ts";
import type { TestContext } from "./context.ts";

/** "Clean Air Club", $19.00 a month, a dryer vent a year, 15 % off other work: made by the office. */
export async function addClubPlan(ctx: TestContext): Promise<Plan> {
  const res = await ctx.asAdmin<DataEnvelope<Plan>>("POST", "/api/plans", {
    body: {
      name: "Clean Air Club",
      description: "",
      visits: [{ serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 }],
      priceCents: 1900,
      period: "month",
      memberDiscountPercent: 15,
      active: true,
    },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

/** What the worker's billing pass is given, as main.ts gives it: the test's database, outbox, site and business. */
export const billingOf = (ctx: TestContext): BillingDeps => ({
  sql: ctx.sql,
  outbox: ctx.outbox,
  publicUrl: ctx.config.mail.publicUrl,
  profile: async () => withSettingsProfile(ctx.config.profile, (await ctx.repos.settings.get()).profile),
});
