import type { LineRequest } from "../../contracts/estimates/schemas.ts";
import { documentTotals, lineAmountCents } from "../../contracts/money/amounts.ts";
import { optionDeposit } from "../../contracts/estimates/rules.ts";
import { memberDiscountLine } from "../../contracts/plans/plan.ts";
import type { PriceBookItem } from "../../contracts/price-book/item.ts";
import type { Service } from "../../contracts/services/service.ts";
import { BadRequest, Forbidden } from "../../errors.ts";
import type { StoredLine, StoredOption } from "./repo.ts";

export const PRICING_MESSAGES = {
  unknownItem: "priceBookItemId names no item of the price book",
  archivedItem: (name: string) => `priceBookItemId names an archived item (${name}): it is no longer offered`,
  unknownService: "serviceId names no service",
  customLine: "Only an admin may add a line with a description and price of their own",
} as const;

export interface PricingFacts {
  /** The price-book items the lines name, as they are now (share-locked in the creation's transaction). */
  items: ReadonlyMap<string, PriceBookItem>;
  services: readonly Service[];
  taxRatePercent: number;
  /** An admin may add lines at a price of their own; a technician prices from the price book and services only. */
  mayPriceByHand: boolean;
  /** The plan of the membership that counts on the booking's property: its discount is each option's own line. */
  member?: { planName: string; percent: number } | null;
}

/** A service's price in cents: its listed price is dollars with at most two decimals. */
const serviceCents = (service: Service) => Math.round(service.price * 100);

/** One line as the server prices it; a refusal names the field at fault. */
export function priceLine(line: LineRequest, facts: PricingFacts): StoredLine {
  const priced = (description: string, unitPriceCents: number, taxable: boolean) => ({
    description,
    quantity: line.quantity,
    unitPriceCents,
    amountCents: lineAmountCents(line.quantity, unitPriceCents),
    taxable,
  });
  switch (line.source) {
    case "price-book": {
      const item = facts.items.get(line.priceBookItemId);
      if (!item) throw new BadRequest(PRICING_MESSAGES.unknownItem);
      if (!item.active) throw new BadRequest(PRICING_MESSAGES.archivedItem(item.name));
      return { ...priced(item.name, item.unitPriceCents, item.taxable), priceBookItemId: item._id };
    }
    case "service": {
      const service = facts.services.find((s) => s._id === line.serviceId);
      if (!service) throw new BadRequest(PRICING_MESSAGES.unknownService);
      return { ...priced(service.title, serviceCents(service), true), serviceId: service._id };
    }
    case "custom":
      if (!facts.mayPriceByHand) throw new Forbidden(PRICING_MESSAGES.customLine);
      return priced(line.description, line.unitPriceCents, line.taxable);
  }
}

/** The options as the server prices them: each line, then each option's totals at the settings' tax rate. */
export function priceOptions(
  options: readonly {
    _id?: string;
    title: string;
    lines: LineRequest[];
    depositPercent?: number;
    depositCents?: number;
  }[],
  facts: PricingFacts,
  newId: () => string,
  deposit: { estimatePercent?: number; defaultPercent: number } = { defaultPercent: 0 },
): StoredOption[] {
  // Refused before anything is looked up: a technician's custom line is a matter of role, not of the price book.
  if (!facts.mayPriceByHand && options.some((o) => o.lines.some((l) => l.source === "custom"))) {
    throw new Forbidden(PRICING_MESSAGES.customLine);
  }
  return options.map((option) => {
    const priced = option.lines.map((line) => priceLine(line, facts));
    const discount = memberDiscountLine(priced, facts.member ?? null);
    const lines = discount ? [...priced, { ...discount, memberDiscount: true }] : priced;
    const totals = documentTotals(lines, facts.taxRatePercent);
    const depositCents = optionDeposit(totals.totalCents, option, deposit.estimatePercent, deposit.defaultPercent);
    return { _id: option._id ?? newId(), title: option.title, lines, ...totals, depositCents };
  });
}
