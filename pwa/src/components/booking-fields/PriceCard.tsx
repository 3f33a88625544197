import { computePrice, formatMoney } from "@contracts/pricing.ts";
import { isServiceKey, SERVICE_NAMES } from "@contracts/services.ts";
import "./PriceCard.css";

interface PriceCardProps {
  serviceType: string;
  unitCount: number;
}

/** Original price, quantity discount and total of the one shared price rule (the server recomputes it). */
export function PriceCard({ serviceType, unitCount }: PriceCardProps) {
  if (!isServiceKey(serviceType)) {
    return (
      <div className="price-card" aria-live="polite">
        <p className="price-card__title">Price Estimate</p>
        <p className="price-card__empty">Choose a service to see your price.</p>
      </div>
    );
  }
  const price = computePrice(serviceType, unitCount);
  return (
    <div className="price-card" aria-live="polite" data-testid="price-card">
      <p className="price-card__title">Price Estimate</p>
      <p className="price-card__sub">
        {SERVICE_NAMES[serviceType]} · {price.unitCount} {price.unitCount === 1 ? "unit" : "units"} ×{" "}
        {formatMoney(price.basePrice)}
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
      {price.discountPercent === 0 && <p className="price-card__tip">Save 10% when you book 2 or more units.</p>}
    </div>
  );
}
