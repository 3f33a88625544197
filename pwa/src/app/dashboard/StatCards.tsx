import type { DashboardSummary } from "@contracts/dashboard/summary.ts";
import { formatCount } from "@contracts/common/counts.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { centsToDollars } from "@contracts/money/amounts.ts";

type Figure = keyof DashboardSummary;

/** SPEC's four cards, in its order and words, then the two the office asked for beside them. */
export const CARDS: readonly { key: Figure; label: string; tone: string; money?: true }[] = [
  { key: "totalBookings", label: "Total Bookings", tone: "primary" },
  { key: "pendingBookings", label: "Pending Bookings", tone: "accent" },
  { key: "completed", label: "Completed", tone: "success" },
  { key: "totalRevenueCents", label: "Total Revenue", tone: "dark", money: true },
  { key: "bookedValueCents", label: "Booked Value", tone: "primary", money: true },
  { key: "collectedThisMonthCents", label: "Collected This Month", tone: "dark", money: true },
];

/** One figure as the card writes it: a count with its thousands, money from cents. */
export function figureText(key: Figure, summary: DashboardSummary): string {
  const card = CARDS.find((c) => c.key === key)!;
  return card.money ? formatMoney(centsToDollars(summary[key])) : formatCount(summary[key]);
}

/**
 * The office's figures, from GET /api/dashboard/summary. A figure is one unbreakable line that scales down to its
 * card (dashboard.css), so "$7,470,000.00" never splits in the middle of the number. `summary` null: not read yet.
 */
export function StatCards({ summary }: { summary: DashboardSummary | null }) {
  return (
    <ul className="adm-stats" aria-label="Booking statistics">
      {CARDS.map((card) => (
        <li key={card.key} className={`adm-stats__card adm-stats__card--${card.tone}`}>
          <span className="adm-stats__label">{card.label}</span>
          <span className="adm-stats__value" data-testid={`figure-${card.key}`}>
            {summary ? figureText(card.key, summary) : "…"}
          </span>
        </li>
      ))}
    </ul>
  );
}
