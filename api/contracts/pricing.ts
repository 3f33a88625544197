import { BASE_PRICES, type ServiceKey } from "./services.ts";

export const MIN_UNITS = 1;
export const MAX_UNITS = 10;
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

/** 0% for one unit, 10% from two units on (SPEC §9). */
export function discountPercentFor(units: number): number {
  return clampUnits(units) >= 2 ? 10 : 0;
}

/** Rounds to cents without binary drift (e.g. 1.005 -> 1.01). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** The one price rule, used by the price card and recomputed by the server for every booking. */
export function computePrice(serviceType: ServiceKey, units: number): PriceBreakdown {
  const unitCount = clampUnits(units);
  const basePrice = BASE_PRICES[serviceType];
  const discountPercent = discountPercentFor(unitCount);
  const originalPrice = roundCents(basePrice * unitCount);
  const discountAmount = roundCents((originalPrice * discountPercent) / 100);
  const estimatedPrice = roundCents(originalPrice - discountAmount);
  return { unitCount, basePrice, discountPercent, originalPrice, discountAmount, estimatedPrice };
}

/** Dollars with two decimals, as every price is shown. */
export function formatMoney(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
