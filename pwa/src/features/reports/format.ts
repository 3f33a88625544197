import type { Bucket } from "@contracts/reports/reports.ts";

const WHOLE_USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const wholeMoney = (amount: number) => WHOLE_USD.format(amount);
export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** "Mar 3" for a day, "Week of Mar 2" for a week, "March 2026" for a month. */
export function bucketLabel(bucket: string, kind: Bucket): string {
  const date = new Date(`${bucket}T12:00:00Z`);
  if (kind === "month") return date.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const day = date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return kind === "week" ? `Week of ${day}` : day;
}

/** "+12% vs previous period", or how it compares when the previous period had nothing. */
export function change(now: number, before: number): { text: string; direction: "up" | "down" | "same" } {
  if (now === before) return { text: "Same as the previous period", direction: "same" };
  if (before === 0) return { text: "None in the previous period", direction: "up" };
  const ratio = (now - before) / before;
  return {
    text: `${ratio > 0 ? "+" : "−"}${Math.abs(Math.round(ratio * 100))}% vs previous period`,
    direction: ratio > 0 ? "up" : "down",
  };
}
