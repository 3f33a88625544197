import { formatMoney } from "@contracts/common/money.ts";
import { centsToDollars } from "@contracts/money/amounts.ts";
import type { Plan } from "@contracts/plans/plan.ts";

/** "$19.00 / month". */
export const planPrice = (p: Pick<Plan, "priceCents" | "period">) =>
  `${formatMoney(centsToDollars(p.priceCents))} / ${p.period}`;

/** "every 6 months", "every year". */
export const everyText = (months: number) =>
  months === 12 ? "every year" : months === 1 ? "every month" : `every ${months} months`;

/** How a membership's state reads to the office and the customer alike. */
export const MEMBERSHIP_STATUS_TEXT = {
  pending: "Waiting for payment",
  active: "Active",
  past_due: "Past due",
  cancelling: "Ends at period end",
  ended: "Ended",
} as const;

/** The badge class of a membership's state (StatusBadge.css). */
export const membershipBadge = (status: keyof typeof MEMBERSHIP_STATUS_TEXT) =>
  status === "active"
    ? "adm-badge adm-badge--confirmed"
    : status === "ended"
      ? "adm-badge adm-badge--cancelled"
      : "adm-badge adm-badge--pending";
