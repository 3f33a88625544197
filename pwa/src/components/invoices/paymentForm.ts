import type { RecordedMethod } from "@contracts/invoices/invoice.ts";
import { cents } from "../estimates/money.ts";

export interface PaymentDraft {
  method: RecordedMethod;
  /** As typed, in dollars ("45", "45.50", "$1,200"). */
  amount: string;
  reference: string;
}

/** Dollars as typed to integer cents; null when it is not an amount of money. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the amount field shows them by default ("149.00"). */
export const amountText = (amountCents: number) => (amountCents / 100).toFixed(2);

export const REFERENCE_LABELS: Record<RecordedMethod, string | null> = {
  cash: null,
  check: "Check number",
  card: "Last four digits or terminal reference",
};

/**
 * What keeps a payment from being recorded, in words, by field; empty when it may go. The server checks again (the
 * balance may have moved): this only spares the technician a round trip for what is plainly wrong.
 */
export function paymentProblems(
  draft: PaymentDraft,
  balanceCents: number,
): Partial<Record<"amount" | "reference", string>> {
  const problems: Partial<Record<"amount" | "reference", string>> = {};
  const amount = parseAmount(draft.amount);
  if (draft.amount.trim() === "") problems.amount = "Enter the amount received.";
  else if (amount === null) problems.amount = "Enter an amount in dollars and cents, like 45.00.";
  else if (amount <= 0) problems.amount = "The amount must be more than $0.00.";
  else if (amount > balanceCents) problems.amount = `That is more than the balance of ${cents(balanceCents)}.`;
  const reference = draft.reference.trim();
  if (draft.method === "check" && !reference) problems.reference = "Enter the check's number.";
  if (draft.method === "card" && !reference)
    problems.reference = "Enter the card's last four digits or the terminal's reference.";
  if (reference.length > 100) problems.reference = "At most 100 characters.";
  return problems;
}
