import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import { discountPercentFor } from "@contracts/bookings/pricing.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { SERVICE_NAMES } from "@contracts/services/catalog.ts";
import { fieldMessages } from "../../components/booking-fields/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { visitDate } from "./format.ts";
import { manageMessages as m } from "./messages.ts";
import { serviceName } from "../../components/serviceNames.ts";
import { StatusPill } from "./StatusPill.tsx";

/** What was booked, with the prices the server stored (not recomputed: they are what the customer agreed to). */
export function BookingSummary({ booking: b }: { booking: ManagedBooking }) {
  const { t, locale } = useTranslator();
  const discountPercent = discountPercentFor(b.unitCount);
  return (
    <section className="card manage-card" aria-labelledby="manage-summary-title">
      <div className="manage-card__head">
        <h2 id="manage-summary-title">{t(m.appointment)}</h2>
        <StatusPill status={b.status} />
      </div>
      <dl className="manage-details">
        <div>
          <dt>{t(m.service)}</dt>
          <dd>{serviceName(b.serviceType, t, SERVICE_NAMES[b.serviceType] ?? b.serviceType)}</dd>
        </div>
        <div>
          <dt>{t(m.date)}</dt>
          <dd data-testid="manage-date">{visitDate(b.cleaningDate, locale)}</dd>
        </div>
        <div>
          <dt>{t(m.time)}</dt>
          <dd data-testid="manage-time">{b.cleaningTime}</dd>
        </div>
        <div>
          <dt>{t(m.units)}</dt>
          <dd>{b.unitCount}</dd>
        </div>
        <div>
          <dt>{t(m.address)}</dt>
          <dd>
            {b.homeAddress}, {b.city}, {b.state} {b.zip}
          </dd>
        </div>
        <div>
          <dt>{t(m.name)}</dt>
          <dd>
            {b.firstName} {b.lastName}
          </dd>
        </div>
      </dl>
      <div className="price-card manage-price">
        <p className="price-card__title">{t(fieldMessages.estimate)}</p>
        <dl className="price-card__rows">
          <div>
            <dt>{t(fieldMessages.original)}</dt>
            <dd>{formatMoney(b.originalPrice)}</dd>
          </div>
          <div className={b.discountAmount > 0 ? "price-card__discount" : undefined}>
            <dt>{t(fieldMessages.discount, { percent: discountPercent })}</dt>
            <dd>
              {b.discountAmount > 0 ? "−" : ""}
              {formatMoney(b.discountAmount)}
            </dd>
          </div>
          <div className="price-card__total">
            <dt>{t(fieldMessages.total)}</dt>
            <dd data-testid="manage-total">{formatMoney(b.estimatedPrice)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
