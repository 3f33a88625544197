import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { request } from "./http.ts";

/** Where the device keeps the price book as last read: prices, not customer data, so it outlives a logout. */
const KEPT = "clearflow.price-book";

/** GET /api/price-book: every item for admins (archived ones too), the active ones for a technician. */
export async function fetchPriceBook(): Promise<PriceBookItem[]> {
  const { data } = await request<DataEnvelope<PriceBookItem[]>>("/api/price-book", { auth: true });
  try {
    localStorage.setItem(KEPT, JSON.stringify(data));
  } catch {
    // A full or refused storage only costs the copy for a later day without signal.
  }
  return data;
}

/** The price book as the device last read it; empty when it never did. */
export function keptPriceBook(): PriceBookItem[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEPT) ?? "[]");
    return Array.isArray(kept) ? (kept as PriceBookItem[]) : [];
  } catch {
    return [];
  }
}

/** The server's price book, or the device's copy when the server cannot be reached (a basement without signal). */
export async function priceBookForPricing(): Promise<{ items: PriceBookItem[]; kept: boolean }> {
  try {
    return { items: await fetchPriceBook(), kept: false };
  } catch (error) {
    const kept = keptPriceBook();
    if (kept.length === 0) throw error;
    return { items: kept, kept: true };
  }
}

/** Dollars as typed ("1,250", "349.5", "$12.50") in whole cents; null when it is not an amount with at most 2 decimals. */
export function dollarsToCents(typed: string): number | null {
  const clean = typed.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = "0", fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the dollars a form shows ("349.00"). */
export const centsToTyped = (cents: number) => (cents / 100).toFixed(2);
