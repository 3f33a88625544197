import { roundCents } from "../common/money.ts";
import { DEFAULT_BOOKING_RULES, type DiscountTier } from "../schedule/rules.ts";
import { BASE_PRICES, type ServiceKey } from "../services/catalog.ts";
import { MAX_UNITS, MIN_UNITS } from "./units.ts";

export { MAX_UNITS, MIN_UNITS } from "./units.ts";

/** The booking form's unit selector offers 1 to 5; the price rule accepts up to MAX_UNITS. */
export const UNIT_CHOICES = [1, 2, 3, 4, 5] as const;

export interface PriceBreakdown {
  unitCount: number;
  basePrice: number;
  discountPercent: number;
  originalPrice: number;
  discountAmount: number;
  estimatedPrice: number;
}

export function clampUnits(units: number): number {
  if (!Number.isFinite(units)) return MIN_UNITS;
  return Math.min(MAX_UNITS, Math.max(MIN_UNITS, Math.trunc(units)));
}

/** The percent of the highest tier the unit count reaches; 0 below every tier (default: 10% from two units). */
export function discountPercentFor(
  units: number,
  tiers: readonly DiscountTier[] = DEFAULT_BOOKING_RULES.discountTiers,
): number {
  const count = clampUnits(units);
  let best: DiscountTier | null = null;
  for (const tier of tiers) if (count >= tier.minUnits && (!best || tier.minUnits > best.minUnits)) best = tier;
  return best?.percent ?? 0;
}

/**
 * The one price rule, used by the price card and recomputed by the server for every booking: the service's base
 * price per unit (its `price`) times the units, less the discount of the tiers.
 */
export function priceFor(
  basePrice: number,
  units: number,
  tiers: readonly DiscountTier[] = DEFAULT_BOOKING_RULES.discountTiers,
): PriceBreakdown {
  const unitCount = clampUnits(units);
  const discountPercent = discountPercentFor(unitCount, tiers);
  const originalPrice = roundCents(basePrice * unitCount);
  const discountAmount = roundCents((originalPrice * discountPercent) / 100);
  const estimatedPrice = roundCents(originalPrice - discountAmount);
  return { unitCount, basePrice, discountPercent, originalPrice, discountAmount, estimatedPrice };
}

/** The price of one of the eight seeded services at its seed price and the default tiers (SPEC §9). */
export function computePrice(serviceType: ServiceKey, units: number): PriceBreakdown {
  return priceFor(BASE_PRICES[serviceType], units);
}
