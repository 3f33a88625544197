import * as v from "valibot";
import { optionalText, text } from "../common/fields.ts";
import { priceCents } from "../money/schemas.ts";
import { MAX_ITEM_DESCRIPTION, MAX_ITEM_NAME, MAX_UNIT_LABEL } from "./item.ts";

/**
 * POST /api/price-book and PUT /api/price-book/{id}: the whole item. `unitLabel` defaults to "each", `taxable` to
 * true; `active` (PUT only matters) brings an archived item back or archives one by hand.
 */
export const PriceBookItemSchema = v.strictObject({
  name: text(MAX_ITEM_NAME, "Name"),
  description: optionalText(MAX_ITEM_DESCRIPTION, "Description"),
  unitPriceCents: priceCents("Unit price"),
  unitLabel: v.optional(text(MAX_UNIT_LABEL, "Unit label"), "each"),
  taxable: v.optional(v.boolean("Taxable must be true or false"), true),
  active: v.optional(v.boolean("Active must be true or false"), true),
});
export type PriceBookItemInput = v.InferOutput<typeof PriceBookItemSchema>;
