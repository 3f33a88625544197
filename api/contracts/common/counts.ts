/** Digits with a comma every three ("1047000" → "1,047,000"). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A whole count as `toLocaleString("en-US")` writes it ("12,345"), without it: each of those calls makes an
 * Intl.NumberFormat, a few milliseconds of a throttled tablet's main thread on every render of the overview.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  return `${n < 0 ? "-" : ""}${groupThousands(String(Math.abs(n)))}`;
}

/** A list's total as the server said it: "1,000+" when it is a lower bound, so a screen never states a wrong number. */
export const formatTotal = (total: number, atLeast: boolean) => `${formatCount(total)}${atLeast ? "+" : ""}`;
