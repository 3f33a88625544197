import { percentOfCents } from "../money/amounts.ts";
import type { ApprovedWork, Estimate, EstimateOption, EstimateStatus } from "./estimate.ts";

/** What may happen to an estimate. */
export type EstimateAction = { kind: "send" } | { kind: "approve"; optionId: string } | { kind: "decline" };

/**
 * What an action does to an estimate in a given status: `apply` (the estimate becomes `status`), `same` (nothing
 * changes and the answer is the estimate as it is: the repeat of an approval or a decline), or a refusal:
 * `conflict` (409), `gone` (410: expired), `unknownOption` (400: no such option on this estimate).
 */
export type EstimateDecision =
  | { outcome: "apply"; status: EstimateStatus }
  | { outcome: "same" }
  | { outcome: "conflict"; message: string }
  | { outcome: "gone"; message: string }
  | { outcome: "unknownOption"; message: string };

export const ESTIMATE_MESSAGES = {
  expired: "This estimate has expired",
  approvedOther: "This estimate was already approved with another option",
  declined: "This estimate was declined",
  approved: "This estimate was already approved",
  unknownOption: "optionId names no option of this estimate",
} as const;

type Facts = Pick<Estimate, "status" | "approvedOptionId" | "expiresAt" | "options">;

/** The status as of `now`: a draft or sent estimate past its expiry is expired; what was decided stays. */
export function effectiveStatus(e: Pick<Estimate, "status" | "expiresAt">, now: Date): EstimateStatus {
  const open = e.status === "draft" || e.status === "sent";
  return open && now.getTime() >= Date.parse(e.expiresAt) ? "expired" : e.status;
}

/**
 * The status machine, pure. `now` is when the customer acted: the server's time through a link, the tablet's
 * (bounded) on site, so an approval signed offline before the expiry stands.
 */
export function decideEstimate(e: Facts, action: EstimateAction, now: Date): EstimateDecision {
  const status = effectiveStatus(e, now);
  switch (action.kind) {
    case "approve": {
      if (!e.options.some((o) => o._id === action.optionId)) {
        return { outcome: "unknownOption", message: ESTIMATE_MESSAGES.unknownOption };
      }
      if (status === "approved") {
        return e.approvedOptionId === action.optionId
          ? { outcome: "same" }
          : { outcome: "conflict", message: ESTIMATE_MESSAGES.approvedOther };
      }
      if (status === "declined") return { outcome: "conflict", message: ESTIMATE_MESSAGES.declined };
      if (status === "expired") return { outcome: "gone", message: ESTIMATE_MESSAGES.expired };
      return { outcome: "apply", status: "approved" };
    }
    case "decline": {
      if (status === "declined") return { outcome: "same" };
      if (status === "approved") return { outcome: "conflict", message: ESTIMATE_MESSAGES.approved };
      if (status === "expired") return { outcome: "gone", message: ESTIMATE_MESSAGES.expired };
      return { outcome: "apply", status: "declined" };
    }
    case "send": {
      if (status === "approved") return { outcome: "conflict", message: ESTIMATE_MESSAGES.approved };
      if (status === "declined") return { outcome: "conflict", message: ESTIMATE_MESSAGES.declined };
      if (status === "expired") return { outcome: "gone", message: ESTIMATE_MESSAGES.expired };
      // Sending again (the customer lost the e-mail) keeps it sent and e-mails the link again.
      return { outcome: "apply", status: "sent" };
    }
  }
}

/** The instant an estimate made at `createdAt` expires. */
export function expiryOf(createdAt: Date, validDays: number): Date {
  return new Date(createdAt.getTime() + validDays * 24 * 60 * 60 * 1000);
}

/** The deposit asked: of the approved option, else of the first one. */
export function depositOf(e: Pick<Estimate, "options" | "approvedOptionId" | "depositPercent">): number {
  const option = e.options.find((o) => o._id === e.approvedOptionId) ?? e.options[0];
  if (!option) return 0;
  return option.depositCents ?? percentOfCents(option.totalCents, e.depositPercent);
}

/**
 * An option's deposit in cents: its own amount (at most its total) or percent, else the estimate's percent, else the
 * default of the Settings; 0 for none.
 */
export function optionDeposit(
  totalCents: number,
  own: { depositPercent?: number; depositCents?: number },
  estimatePercent: number | undefined,
  defaultPercent: number,
): number {
  if (own.depositCents !== undefined) return Math.min(own.depositCents, Math.max(totalCents, 0));
  const percent = own.depositPercent ?? estimatePercent ?? defaultPercent;
  return Math.max(percentOfCents(totalCents, percent), 0);
}

/** The option the customer approved, if any. */
export function approvedOption(e: Pick<Estimate, "options" | "approvedOptionId">): EstimateOption | null {
  return e.options.find((o) => o._id === e.approvedOptionId) ?? null;
}

/** The approved work of a booking's estimates, in the order they were made. */
export function approvedWorkOf(estimates: readonly Estimate[]): ApprovedWork {
  const items = estimates.flatMap((e) => {
    const option = e.status === "approved" ? approvedOption(e) : null;
    if (!option) return [];
    const { _id: optionId, title, lines, subtotalCents, taxCents, totalCents } = option;
    return [{ estimateId: e._id, number: e.number, optionId, title, lines, subtotalCents, taxCents, totalCents }];
  });
  return { totalCents: items.reduce((sum, i) => sum + i.totalCents, 0), items };
}
