import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Membership, Plan } from "@contracts/plans/plan.ts";
import type { EnrollInput, PlanPaymentInput } from "@contracts/plans/schemas.ts";
import { request } from "../../lib/http.ts";

const base = (customerId: string) => `/api/customers/${encodeURIComponent(customerId)}/memberships`;

/** GET /api/customers/{id}/memberships. */
export async function fetchMemberships(customerId: string): Promise<Membership[]> {
  return (await request<DataEnvelope<Membership[]>>(base(customerId), { auth: true })).data;
}

/** The plans sold now (an archived plan enrolls no one). */
export async function fetchActivePlans(): Promise<Plan[]> {
  return (await request<DataEnvelope<Plan[]>>("/api/plans", { auth: true })).data.filter((p) => p.active);
}

/** POST /api/customers/{id}/memberships. */
export async function enroll(customerId: string, input: EnrollInput): Promise<Membership> {
  return (await request<DataEnvelope<Membership>>(base(customerId), { method: "POST", body: input, auth: true })).data;
}

/** POST /api/plan-invoices/{id}/payments: a plan invoice paid on site. */
export async function recordPlanPayment(invoiceId: string, input: PlanPaymentInput): Promise<Membership> {
  const path = `/api/plan-invoices/${encodeURIComponent(invoiceId)}/payments`;
  return (await request<DataEnvelope<Membership>>(path, { method: "POST", body: input, auth: true })).data;
}

/** POST /api/memberships/{id}/cancel. */
export async function cancelMembership(id: string, atPeriodEnd: boolean): Promise<Membership> {
  const path = `/api/memberships/${encodeURIComponent(id)}/cancel`;
  return (await request<DataEnvelope<Membership>>(path, { method: "POST", body: { atPeriodEnd }, auth: true })).data;
}
