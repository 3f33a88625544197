import { cents } from "../estimates/money.ts";
import { parseAmount } from "./paymentForm.ts";

export interface RefundDraft {
  /** As typed, in dollars ("45", "45.50", "$1,200"). */
  amount: string;
  reason: string;
}

/**
 * What keeps a refund from being sent, in words, by field; empty when it may go. `leftCents` is what the payment has
 * left to give back; the server checks again under its lock (another admin may have refunded meanwhile).
 */
export function refundProblems(draft: RefundDraft, leftCents: number): Partial<Record<"amount" | "reason", string>> {
  const problems: Partial<Record<"amount" | "reason", string>> = {};
  const amount = parseAmount(draft.amount);
  if (draft.amount.trim() === "") problems.amount = "Enter the amount to refund.";
  else if (amount === null) problems.amount = "Enter an amount in dollars and cents, like 45.00.";
  else if (amount <= 0) problems.amount = "The amount must be more than $0.00.";
  else if (amount > leftCents) problems.amount = `At most ${cents(leftCents)} of this payment is left to refund.`;
  const reason = draft.reason.trim();
  if (!reason) problems.reason = "Say why the money is given back.";
  else if (reason.length > 500) problems.reason = "At most 500 characters.";
  return problems;
}
