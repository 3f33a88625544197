import { formatMoney } from "@contracts/common/money.ts";
import type { DashboardStats } from "./stats.ts";

const CARDS = [
  { key: "total", label: "Total Bookings", tone: "primary" },
  { key: "pending", label: "Pending Bookings", tone: "accent" },
  { key: "completed", label: "Completed", tone: "success" },
  { key: "revenue", label: "Total Revenue", tone: "dark" },
] as const;

export function StatCards({ stats }: { stats: DashboardStats }) {
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
    </ul>
  );
}
