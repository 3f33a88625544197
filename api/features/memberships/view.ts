import { dueDates, type Membership, MEMBER_STATUSES } from "../../contracts/plans/plan.ts";
import { addMonths } from "../../contracts/plans/plan.ts";
import type { ListedMembership } from "./repo.ts";

/** The due dates of each included visit from `today` to a year ahead, soonest first (none once it has ended). */
export function nextVisitsOf(m: Pick<Membership, "start" | "status" | "plan">, today: string) {
  if (!MEMBER_STATUSES.includes(m.status) && m.status !== "pending") return [];
  const until = addMonths(today, 12);
  return m.plan.visits
    .flatMap((v) =>
      dueDates(m.start, v.everyMonths, until)
        .filter((d) => d >= today)
        .map((dueDate) => ({ serviceType: v.serviceType, dueDate })),
    )
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.serviceType.localeCompare(b.serviceType));
}

/** A membership as it is answered: its visits to come and its card on file added, the provider's ids left out. */
export function membershipView(m: ListedMembership, today: string, card: Membership["card"]): Membership {
  const { subscriptionId: _subscription, ...rest } = m;
  return { ...rest, card, nextVisits: nextVisitsOf(m, today) };
}
