import type { DiscountTier } from "@contracts/schedule/rules.ts";
import type { Service } from "@contracts/services/service.ts";
import { priceFor, type PriceBreakdown } from "@contracts/bookings/pricing.ts";
import { BASE_PRICES, isServiceKey, SERVICE_NAMES } from "@contracts/services/catalog.ts";

export type PricedService = Pick<Service, "_id" | "title" | "price">;

/**
 * A service's name and price for `units` under the business's tiers: from the services the server listed (its price
 * is the one the server charges), or, before they arrive, from the eight seeded services' own prices.
 */
export function serviceQuote(
  serviceType: string,
  units: number,
  services: readonly PricedService[],
  tiers: readonly DiscountTier[] | undefined,
): { title: string; price: PriceBreakdown } | null {
  const listed = services.find((s) => s._id === serviceType);
  if (listed && typeof listed.price === "number")
    return { title: listed.title, price: priceFor(listed.price, units, tiers) };
  if (isServiceKey(serviceType))
    return { title: SERVICE_NAMES[serviceType], price: priceFor(BASE_PRICES[serviceType], units, tiers) };
  return null;
}
