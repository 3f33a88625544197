import type { CustomerRow } from "@contracts/customers/customer.ts";
import { shortDay } from "@contracts/common/days.ts";
import { formatPhone } from "../../lib/phone.ts";

/** One side of a possible duplicate: what tells two records apart at a glance. */
export function CustomerSummary({ customer: c, caption }: { customer: CustomerRow; caption: string }) {
  return (
    <div className="cust-dup__side">
      <p className="cust-dup__caption">{caption}</p>
      <p className="cust-dup__name">{c.name}</p>
      <ul className="cust-dup__facts">
        {c.emails.map((email) => (
          <li key={email}>{email}</li>
        ))}
        {c.phones.map((p) => (
          <li key={p.number}>
            {formatPhone(p.number)} <span className="cust-muted">({p.label})</span>
          </li>
        ))}
        <li>{c.address || "No address"}</li>
        <li className="cust-muted">
          {c.bookingCount} {c.bookingCount === 1 ? "booking" : "bookings"}
          {c.lastVisitDate ? `, last ${shortDay(c.lastVisitDate)}` : ""} · customer since{" "}
          {shortDay(c.createdAt.slice(0, 10))}
        </li>
      </ul>
    </div>
  );
}
