import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Plan } from "@contracts/plans/plan.ts";
import type { PlanInput } from "@contracts/plans/schemas.ts";
import { request } from "../../lib/http.ts";

/** GET /api/plans: every plan, active ones first. */
export async function fetchPlans(): Promise<Plan[]> {
  return (await request<DataEnvelope<Plan[]>>("/api/plans", { auth: true })).data;
}

/** POST /api/plans, or PUT /api/plans/{id} with the whole plan. */
export async function savePlan(input: PlanInput, id?: string): Promise<Plan> {
  const path = id ? `/api/plans/${encodeURIComponent(id)}` : "/api/plans";
  return (await request<DataEnvelope<Plan>>(path, { method: id ? "PUT" : "POST", body: input, auth: true })).data;
}

/** The plan as it is, archived or offered again. */
export function setPlanActive(plan: Plan, active: boolean): Promise<Plan> {
  const { name, description, visits, priceCents, period, memberDiscountPercent } = plan;
  return savePlan({ name, description, visits, priceCents, period, memberDiscountPercent, active }, plan._id);
}
