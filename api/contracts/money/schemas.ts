import * as v from "valibot";
import { hasTwoDecimalsAtMost, MAX_QUANTITY, MAX_TAX_RATE_PERCENT, MAX_UNIT_PRICE_CENTS } from "./amounts.ts";

/** A percentage from `min` to `max` with at most two decimals, named by `label` in every message. */
export const percent = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
    v.check(hasTwoDecimalsAtMost, `${label} must have at most 2 decimals`),
  );

/** The business's tax rate: 0–20 %, two decimals. */
export const taxRatePercent = percent("Tax rate", 0, MAX_TAX_RATE_PERCENT);

/** A price in whole cents, from 0 to $100,000. */
export const priceCents = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number of cents`),
    v.integer(`${label} must be a whole number of cents`),
    v.minValue(0, `${label} must not be negative`),
    v.maxValue(MAX_UNIT_PRICE_CENTS, `${label} must be at most $100,000`),
  );

/** How many of a line's item: a whole number from 1 to 1000. */
export const quantity = v.pipe(
  v.number("Quantity must be a number"),
  v.integer("Quantity must be a whole number"),
  v.minValue(1, "Quantity must be at least 1"),
  v.maxValue(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
);
