/**
 * An item of the price book: work beyond the bookable services that a technician prices on the spot (a UV light,
 * a bird guard, a foot of dryer vent). Prices are integer cents. An item used in an estimate is archived
 * (`active: false`) instead of deleted, so the estimates that name it keep their meaning.
 */
export interface PriceBookItem {
  _id: string;
  name: string;
  description: string;
  unitPriceCents: number;
  /** What one unit is: "each", "ft", "vent". */
  unitLabel: string;
  taxable: boolean;
  /** False once archived: kept for the estimates that used it, offered for no new one. */
  active: boolean;
}

/** GET /api/price-book answers every item, active first, then by name; DELETE answers what became of the item. */
export interface PriceBookDeleted {
  _id: string;
  /** "deleted" when no estimate used it; "archived" (kept, `active: false`) when one did. */
  outcome: "deleted" | "archived";
}

export const MAX_ITEM_NAME = 120;
export const MAX_ITEM_DESCRIPTION = 500;
export const MAX_UNIT_LABEL = 20;
