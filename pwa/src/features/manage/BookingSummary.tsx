import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import { discountPercentFor } from "@contracts/bookings/pricing.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { SERVICE_NAMES } from "@contracts/services/catalog.ts";
import { longDate } from "../../components/booking-fields/dates.ts";
import { StatusPill } from "./StatusPill.tsx";

/** What was booked, with the prices the server stored (not recomputed: they are what the customer agreed to). */
export function BookingSummary({ booking: b }: { booking: ManagedBooking }) {
  const discountPercent = discountPercentFor(b.unitCount);
  return (
    <section className="card manage-card" aria-labelledby="manage-summary-title">
      <div className="manage-card__head">
        <h2 id="manage-summary-title">Your Appointment</h2>
        <StatusPill status={b.status} />
      </div>
      <dl className="manage-details">
        <div>
          <dt>Service</dt>
          <dd>{SERVICE_NAMES[b.serviceType] ?? b.serviceType}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd data-testid="manage-date">{longDate(b.cleaningDate)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd data-testid="manage-time">{b.cleaningTime}</dd>
        </div>
        <div>
          <dt>Units</dt>
          <dd>{b.unitCount}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {b.homeAddress}, {b.city}, {b.state} {b.zip}
          </dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>
            {b.firstName} {b.lastName}
          </dd>
        </div>
      </dl>
      <div className="price-card manage-price">
        <p className="price-card__title">Price Estimate</p>
        <dl className="price-card__rows">
          <div>
            <dt>Original Price</dt>
            <dd>{formatMoney(b.originalPrice)}</dd>
          </div>
          <div className={b.discountAmount > 0 ? "price-card__discount" : undefined}>
            <dt>Discount ({discountPercent}%)</dt>
            <dd>
              {b.discountAmount > 0 ? "−" : ""}
              {formatMoney(b.discountAmount)}
            </dd>
          </div>
          <div className="price-card__total">
            <dt>Total</dt>
            <dd data-testid="manage-total">{formatMoney(b.estimatedPrice)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
