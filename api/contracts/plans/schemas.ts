import * as v from "valibot";
import { isoDate, optionalText, text, wholeNumber } from "../common/fields.ts";
import { uuidField } from "../common/paging.ts";
import { percent, priceCents } from "../money/schemas.ts";
import { MEMBERSHIP_PAYMENTS } from "./plan.ts";

export const MAX_PLAN_NAME = 80;
export const MAX_PLAN_DESCRIPTION = 1000;
export const MAX_PLAN_VISITS = 12;

export const PlanVisitSchema = v.strictObject({
  serviceType: v.pipe(v.string("Service must be text"), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Unknown service")),
  units: wholeNumber("Units", 1, 10),
  everyMonths: wholeNumber("Every (months)", 1, 60),
});

/** POST /api/plans and PUT /api/plans/{id}: the whole plan. */
export const PlanSchema = v.strictObject({
  name: text(MAX_PLAN_NAME, "Name"),
  description: optionalText(MAX_PLAN_DESCRIPTION, "Description"),
  visits: v.pipe(
    v.array(PlanVisitSchema, "Visits must be a list"),
    v.maxLength(MAX_PLAN_VISITS, `At most ${MAX_PLAN_VISITS} visits`),
  ),
  priceCents: v.pipe(priceCents("Price"), v.minValue(1, "Price must be more than nothing")),
  period: v.picklist(["month", "year"], 'Period must be "month" or "year"'),
  memberDiscountPercent: percent("Member discount", 0, 100),
  active: v.optional(v.boolean("Active must be true or false"), true),
});
export type PlanInput = v.InferOutput<typeof PlanSchema>;

/** POST /api/customers/{id}/memberships (the office) and POST /api/portal/memberships (the customer, card only). */
export const EnrollSchema = v.strictObject({
  planId: uuidField("planId"),
  propertyId: uuidField("propertyId"),
  start: isoDate,
  payment: v.picklist(MEMBERSHIP_PAYMENTS, 'Payment must be "card-link" or "invoice"'),
});
export type EnrollInput = v.InferOutput<typeof EnrollSchema>;

/** POST /api/portal/memberships: the customer joins a plan for one of their properties, paying by card. */
export const JoinSchema = v.strictObject({
  planId: uuidField("planId"),
  propertyId: uuidField("propertyId"),
});
export type JoinInput = v.InferOutput<typeof JoinSchema>;

/** POST /api/plan-invoices/{id}/payments: a plan invoice of a membership billed by invoice, paid on site. */
export const PlanPaymentSchema = v.strictObject({
  method: v.picklist(["cash", "check"], 'Method must be "cash" or "check"'),
  reference: optionalText(100, "Reference"),
});
export type PlanPaymentInput = v.InferOutput<typeof PlanPaymentSchema>;

/** POST /api/memberships/{id}/cancel. */
export const CancelMembershipSchema = v.strictObject({
  atPeriodEnd: v.boolean("atPeriodEnd must be true or false"),
});
