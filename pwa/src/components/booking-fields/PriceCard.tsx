import { DEFAULT_BOOKING_RULES, type DiscountTier } from "@contracts/schedule/rules.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { serviceQuote, type PricedService } from "./servicePrice.ts";
import "./PriceCard.css";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages as m, unitsText } from "./messages.ts";

interface PriceCardProps {
  serviceType: string;
  unitCount: number;
  /** The services as the server lists them, with the price it charges. */
  services?: readonly PricedService[];
  /** The business's quantity discounts. */
  tiers?: readonly DiscountTier[];
}

/** Original price, quantity discount and total of the one shared price rule (the server recomputes it). */
export function PriceCard({
  serviceType,
  unitCount,
  services = [],
  tiers = DEFAULT_BOOKING_RULES.discountTiers,
}: PriceCardProps) {
  const { t } = useTranslator();
  const quote = serviceQuote(serviceType, unitCount, services, tiers);
  if (!quote) {
    return (
      <div className="price-card" aria-live="polite">
        <p className="price-card__title">{t(m.estimate)}</p>
        <p className="price-card__empty">{t(m.noService)}</p>
      </div>
    );
  }
  const { title, price } = quote;
  const firstTier = [...tiers].sort((a, b) => a.minUnits - b.minUnits).find((t) => t.percent > 0);
  return (
    <div className="price-card" aria-live="polite" data-testid="price-card">
      <p className="price-card__title">{t(m.estimate)}</p>
      <p className="price-card__sub">
        {title} · {unitsText(t, price.unitCount)} × {formatMoney(price.basePrice)}
      </p>
      <dl className="price-card__rows">
        <div>
          <dt>{t(m.original)}</dt>
          <dd data-testid="price-original">{formatMoney(price.originalPrice)}</dd>
        </div>
        <div className={price.discountAmount > 0 ? "price-card__discount" : undefined}>
          <dt>{t(m.discount, { percent: price.discountPercent })}</dt>
          <dd data-testid="price-discount">
            {price.discountAmount > 0 ? "−" : ""}
            {formatMoney(price.discountAmount)}
          </dd>
        </div>
        <div className="price-card__total">
          <dt>{t(m.total)}</dt>
          <dd data-testid="price-total">{formatMoney(price.estimatedPrice)}</dd>
        </div>
      </dl>
      {price.discountPercent === 0 && firstTier && (
        <p className="price-card__tip">{t(m.save, { percent: firstTier.percent, units: firstTier.minUnits })}</p>
      )}
    </div>
  );
}
