import { percentOfCents } from "@contracts/money/amounts.ts";
import { parseAmount } from "./paymentForm.ts";

/** What the customer picked: no tip, one of the presets (of the amount paid), or an amount they named. */
export type TipChoice = { kind: "none" } | { kind: "percent"; percent: number } | { kind: "amount"; text: string };

export const NO_TIP: TipChoice = { kind: "none" };

/** The tip in cents; null when the amount typed is not money (the dialog says so before anything is sent). */
export function tipCentsOf(choice: TipChoice, amountCents: number | null): number | null {
  if (choice.kind === "none") return 0;
  if (choice.kind === "percent") return amountCents === null ? 0 : percentOfCents(amountCents, choice.percent);
  return parseAmount(choice.text);
}
