/** Rounds to cents without binary drift (e.g. 1.005 -> 1.01). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Dollars with two decimals and a comma every three digits ("$1,047.00"), as every amount is shown: on screen, in
 * e-mails and in Reports alike (decision 0046).
 */
export function formatMoney(amount: number): string {
  return USD.format(amount);
}
