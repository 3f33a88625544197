import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { PriceBookItemSchema, type PriceBookItemInput } from "@contracts/price-book/schemas.ts";
import * as v from "valibot";
import { centsToTyped, dollarsToCents } from "../../lib/priceBook.ts";

/** The item as its form holds it: the price in dollars as typed. */
export interface ItemFields {
  name: string;
  description: string;
  price: string;
  unitLabel: string;
  taxable: boolean;
}

export type ItemErrors = Partial<Record<keyof ItemFields, string>>;

export const emptyItemFields = (): ItemFields => ({
  name: "",
  description: "",
  price: "",
  unitLabel: "each",
  taxable: true,
});

export const itemToFields = (item: PriceBookItem): ItemFields => ({
  name: item.name,
  description: item.description,
  price: centsToTyped(item.unitPriceCents),
  unitLabel: item.unitLabel,
  taxable: item.taxable,
});

const FIELD_OF: Record<string, keyof ItemFields> = { unitPriceCents: "price" };

/** The fields as the API's input, checked by the contract's schema (the server checks the same), or each field's problem. */
export function toItemInput(
  fields: ItemFields,
  active: boolean,
): { ok: true; input: PriceBookItemInput } | { ok: false; errors: ItemErrors } {
  const cents = dollarsToCents(fields.price);
  const errors: ItemErrors = {};
  if (cents === null) errors.price = "Enter the price in dollars, like 349 or 12.50";
  const checked = v.safeParse(PriceBookItemSchema, {
    name: fields.name,
    description: fields.description,
    unitPriceCents: cents ?? 0,
    unitLabel: fields.unitLabel.trim() || "each",
    taxable: fields.taxable,
    active,
  });
  if (!checked.success) {
    for (const issue of checked.issues) {
      const key = String(issue.path?.[0]?.key ?? "name");
      const field = FIELD_OF[key] ?? (key as keyof ItemFields);
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { ok: false, errors };
  return { ok: true, input: checked.output };
}
