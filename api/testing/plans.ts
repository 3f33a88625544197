import assert from "node:assert/strict";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { Membership, Plan } from "../contracts/plans/plan.ts";
import { withSettingsProfile } from "../contracts/settings/settings.ts";
import type { BillingDeps } from "../features/memberships/billing.ts";
import type { TestContext } from "./context.ts";
import { newBooking } from "./estimates.ts";

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
  online: ctx.config.stripe !== null,
  profile: async () => withSettingsProfile(ctx.config.profile, (await ctx.repos.settings.get()).profile),
});

/** A customer (from a booking) enrolled in the club plan from `start`, billed by invoice: active at once. */
export async function enrolledInClub(
  ctx: TestContext,
  start: string,
): Promise<{ plan: Plan; booking: Booking; membership: Membership }> {
  const plan = await addClubPlan(ctx);
  const booking = (await ctx.repos.bookings.get(await newBooking(ctx)))!;
  const enrolled = await ctx.asAdmin<DataEnvelope<Membership>>(
    "POST",
    `/api/customers/${booking.customerId}/memberships`,
    { body: { planId: plan._id, propertyId: booking.propertyId, start, payment: "invoice" } },
  );
  assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
  return { plan, booking, membership: enrolled.body.data };
}
