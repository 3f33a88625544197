import type { PriceBookItem } from "../../contracts/price-book/item.ts";
import type { PriceBookItemInput } from "../../contracts/price-book/schemas.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { transaction } from "../../db/transaction.ts";

export interface PriceBookRepo {
  /** Every item (active ones only when `activeOnly`), active first, then by name. */
  list(activeOnly: boolean): Promise<PriceBookItem[]>;
  create(tx: Tx, input: PriceBookItemInput): Promise<PriceBookItem>;
  /** The item locked for the rest of the transaction (an edit or delete queues behind an estimate pricing it). */
  getForUpdate(tx: Tx, id: string): Promise<PriceBookItem | null>;
  update(tx: Tx, id: string, input: PriceBookItemInput): Promise<PriceBookItem>;
  /** True when any estimate has a line priced from the item. */
  usedByEstimate(tx: Tx, id: string): Promise<boolean>;
  remove(tx: Tx, id: string): Promise<void>;
  archive(tx: Tx, id: string): Promise<PriceBookItem>;
  /** The items named, as they are now, each share-locked so that no edit or delete runs under the pricing. */
  forPricing(tx: Tx, ids: readonly string[]): Promise<PriceBookItem[]>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface ItemRow {
  id: string;
  name: string;
  description: string;
  unit_price_cents: number;
  unit_label: string;
  taxable: boolean;
  active: boolean;
}

const COLUMNS = "id, name, description, unit_price_cents, unit_label, taxable, active";

const toItem = (r: ItemRow): PriceBookItem => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  unitPriceCents: r.unit_price_cents,
  unitLabel: r.unit_label,
  taxable: r.taxable,
  active: r.active,
});

const values = (input: PriceBookItemInput) => ({
  name: input.name,
  description: input.description,
  unit_price_cents: input.unitPriceCents,
  unit_label: input.unitLabel,
  taxable: input.taxable,
  active: input.active,
});

export function createPriceBookRepo(sql: Sql): PriceBookRepo {
  const columns = sql.unsafe(COLUMNS);
  return {
    async list(activeOnly) {
      const rows = await sql<ItemRow[]>`
        select ${columns} from price_book_items
        where ${activeOnly ? sql`active` : sql`true`}
        order by active desc, lower(name), id`;
      return rows.map(toItem);
    },
    async create(tx, input) {
      const [row] = await tx<ItemRow[]>`insert into price_book_items ${tx(values(input))} returning ${columns}`;
      return toItem(row!);
    },
    async getForUpdate(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<ItemRow[]>`select ${columns} from price_book_items where id = ${id} for update`;
      return row ? toItem(row) : null;
    },
    async update(tx, id, input) {
      const [row] = await tx<ItemRow[]>`
        update price_book_items set ${tx(values(input))}, updated_at = date_trunc('milliseconds', now())
        where id = ${id} returning ${columns}`;
      return toItem(row!);
    },
    async usedByEstimate(tx, id) {
      const [row] = await tx<{ used: boolean }[]>`
        select exists (
          select 1 from estimates e, jsonb_array_elements(e.options) o, jsonb_array_elements(o -> 'lines') l
          where l ->> 'priceBookItemId' = ${id}
        ) as used`;
      return row!.used;
    },
    async remove(tx, id) {
      await tx`delete from price_book_items where id = ${id}`;
    },
    async archive(tx, id) {
      const [row] = await tx<ItemRow[]>`
        update price_book_items set active = false, updated_at = date_trunc('milliseconds', now())
        where id = ${id} returning ${columns}`;
      return toItem(row!);
    },
    async forPricing(tx, ids) {
      const known = [...new Set(ids)].filter(isUuid);
      if (known.length === 0) return [];
      const rows = await tx<ItemRow[]>`
        select ${columns} from price_book_items where id = any(${known}::uuid[]) order by id for share`;
      return rows.map(toItem);
    },
    transaction: (work) => transaction(sql, work),
  };
}
