import { formatMoney } from "@contracts/common/money.ts";
import { centsToDollars } from "@contracts/money/amounts.ts";
import type { DashboardStats } from "./stats.ts";

const CARDS = [
  { key: "total", label: "Total Bookings", tone: "primary" },
  { key: "pending", label: "Pending Bookings", tone: "accent" },
  { key: "completed", label: "Completed", tone: "success" },
  { key: "revenue", label: "Booked Value", tone: "primary" },
] as const;

/**
 * The stat cards: the bookings' counts and their booked value, and the money actually collected this month (payments
 * less refunds), which is what the business earned.
 */
export function StatCards({ stats, collectedCents }: { stats: DashboardStats; collectedCents: number | null }) {
  return (
    <ul className="adm-stats" aria-label="Booking statistics">
      {CARDS.map((card) => (
        <li key={card.key} className={`adm-stats__card adm-stats__card--${card.tone}`}>
          <span className="adm-stats__label">{card.label}</span>
          <span className="adm-stats__value">
            {card.key === "revenue" ? formatMoney(stats.revenue) : stats[card.key]}
          </span>
        </li>
      ))}
      <li className="adm-stats__card adm-stats__card--dark" data-testid="collected-card">
        <span className="adm-stats__label">Collected This Month</span>
        <span className="adm-stats__value">
          {collectedCents === null ? "…" : formatMoney(centsToDollars(collectedCents))}
        </span>
      </li>
    </ul>
  );
}
