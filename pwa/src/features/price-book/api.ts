import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { PriceBookItem } from "@contracts/price-book/item.ts";
import type { PriceBookItemInput } from "@contracts/price-book/schemas.ts";
import { request } from "../../lib/http.ts";

export { fetchPriceBook } from "../../lib/priceBook.ts";

/** POST /api/price-book, or PUT /api/price-book/{id} with the whole item. */
export async function savePriceBookItem(input: PriceBookItemInput, id?: string): Promise<PriceBookItem> {
  const path = id ? `/api/price-book/${encodeURIComponent(id)}` : "/api/price-book";
  const answer = await request<DataEnvelope<PriceBookItem>>(path, {
    method: id ? "PUT" : "POST",
    body: input,
    auth: true,
  });
  return answer.data;
}

/** Archives an item (kept for the estimates that used it, offered for no new one) or brings it back. */
export function setItemActive(item: PriceBookItem, active: boolean): Promise<PriceBookItem> {
  const { _id, name, description, unitPriceCents, unitLabel, taxable } = item;
  return savePriceBookItem({ name, description, unitPriceCents, unitLabel, taxable, active }, _id);
}
