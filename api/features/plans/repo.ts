import type { Plan, PlanVisit } from "../../contracts/plans/plan.ts";
import type { PlanInput } from "../../contracts/plans/schemas.ts";
import { jsonb, type Sql, type Tx } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { transaction } from "../../db/transaction.ts";

export interface PlansRepo {
  /** Every plan, active ones first, then by name. */
  list(): Promise<Plan[]>;
  get(id: string, tx?: Tx): Promise<Plan | null>;
  create(tx: Tx, input: PlanInput): Promise<Plan>;
  /** The plan locked for the rest of the transaction. */
  getForUpdate(tx: Tx, id: string): Promise<Plan | null>;
  update(tx: Tx, id: string, input: PlanInput): Promise<Plan>;
  /** The services that exist, of those named (a plan's visits name only these). */
  knownServices(tx: Tx, ids: readonly string[]): Promise<string[]>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface PlanRow {
  id: string;
  name: string;
  description: string;
  visits: PlanVisit[];
  price_cents: string;
  period: Plan["period"];
  member_discount_percent: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

const toPlan = (r: PlanRow): Plan => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  visits: r.visits,
  priceCents: Number(r.price_cents),
  period: r.period,
  memberDiscountPercent: Number(r.member_discount_percent),
  active: r.active,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export function createPlansRepo(sql: Sql): PlansRepo {
  const one = async (db: Sql | Tx, id: string, lock: boolean) => {
    if (!isUuid(id)) return null;
    const [row] = lock
      ? await db<PlanRow[]>`select * from plans where id = ${id} for update`
      : await db<PlanRow[]>`select * from plans where id = ${id}`;
    return row ? toPlan(row) : null;
  };
  return {
    async list() {
      return (await sql<PlanRow[]>`select * from plans order by active desc, lower(name), id`).map(toPlan);
    },
    get: (id, tx) => one(tx ?? sql, id, false),
    getForUpdate: (tx, id) => one(tx, id, true),
    async create(tx, p) {
      const [row] = await tx<PlanRow[]>`
        insert into plans (name, description, visits, price_cents, period, member_discount_percent, active)
        values (${p.name}, ${p.description}, ${jsonb(tx, p.visits)}, ${p.priceCents}, ${p.period},
          ${p.memberDiscountPercent}, ${p.active})
        returning *`;
      return toPlan(row!);
    },
    async update(tx, id, p) {
      const [row] = await tx<PlanRow[]>`
        update plans set name = ${p.name}, description = ${p.description}, visits = ${jsonb(tx, p.visits)},
          price_cents = ${p.priceCents}, period = ${p.period}, member_discount_percent = ${p.memberDiscountPercent},
          active = ${p.active}, updated_at = date_trunc('milliseconds', now())
        where id = ${id} returning *`;
      return toPlan(row!);
    },
    async knownServices(tx, ids) {
      if (ids.length === 0) return [];
      const rows = await tx<{ id: string }[]>`select id from services where id = any(${[...ids]}::text[])`;
      return rows.map((r) => r.id);
    },
    transaction: (work) => transaction(sql, work),
  };
}
