import { DEFAULT_BOOKING_RULES, type DiscountTier } from "@contracts/schedule/rules.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { serviceQuote, type PricedService } from "./servicePrice.ts";
import "./PriceCard.css";

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
  const quote = serviceQuote(serviceType, unitCount, services, tiers);
  if (!quote) {
    return (
      <div className="price-card" aria-live="polite">
        <p className="price-card__title">Price Estimate</p>
        <p className="price-card__empty">Choose a service to see your price.</p>
      </div>
    );
  }
  const { title, price } = quote;
  const firstTier = [...tiers].sort((a, b) => a.minUnits - b.minUnits).find((t) => t.percent > 0);
  return (
    <div className="price-card" aria-live="polite" data-testid="price-card">
      <p className="price-card__title">Price Estimate</p>
      <p className="price-card__sub">
        {title} · {price.unitCount} {price.unitCount === 1 ? "unit" : "units"} × {formatMoney(price.basePrice)}
      </p>
      <dl className="price-card__rows">
        <div>
          <dt>Original Price</dt>
          <dd data-testid="price-original">{formatMoney(price.originalPrice)}</dd>
        </div>
        <div className={price.discountAmount > 0 ? "price-card__discount" : undefined}>
          <dt>Discount ({price.discountPercent}%)</dt>
          <dd data-testid="price-discount">
            {price.discountAmount > 0 ? "−" : ""}
            {formatMoney(price.discountAmount)}
          </dd>
        </div>
        <div className="price-card__total">
          <dt>Total</dt>
          <dd data-testid="price-total">{formatMoney(price.estimatedPrice)}</dd>
        </div>
      </dl>
      {price.discountPercent === 0 && firstTier && (
        <p className="price-card__tip">
          Save {firstTier.percent}% when you book {firstTier.minUnits} or more units.
        </p>
      )}
    </div>
  );
}
