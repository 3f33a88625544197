import type { Service } from "../../contracts/services/service.ts";
import { roundCents } from "../../contracts/common/money.ts";
import type { ServiceInput } from "../../contracts/services/schemas.ts";
import { ID_PATTERN } from "../../contracts/common/fields.ts";
import { jsonb, type Sql, type Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";

export interface ServicesRepo {
  list(): Promise<Service[]>;
  get(id: string): Promise<Service | null>;
  /** The service, locked for the rest of the transaction. */
  getForUpdate(tx: Tx, id: string): Promise<Service | null>;
  create(tx: Tx, input: ServiceInput): Promise<Service>;
  update(tx: Tx, id: string, input: ServiceInput): Promise<Service | null>;
  /** Deletes the service; answers it as it was. */
  remove(tx: Tx, id: string): Promise<Service | null>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface ServiceRow {
  id: string;
  title: string;
  title_es: string | null;
  description: string;
  description_es: string | null;
  image: string;
  benefits: string[];
  benefits_es: string[] | null;
  process: string[];
  process_es: string[] | null;
  duration: string;
  duration_es: string | null;
  price: number;
  coverage: string;
  coverage_es: string | null;
  packages: Service["packages"];
  checklist: Service["checklist"];
  updated_at: Date;
}

const toService = (r: ServiceRow): Service => ({
  _id: r.id,
  title: r.title,
  ...(r.title_es ? { titleEs: r.title_es } : {}),
  description: r.description,
  ...(r.description_es ? { descriptionEs: r.description_es } : {}),
  image: r.image,
  benefits: r.benefits,
  ...(r.benefits_es ? { benefitsEs: r.benefits_es } : {}),
  process: r.process,
  ...(r.process_es ? { processEs: r.process_es } : {}),
  duration: r.duration,
  ...(r.duration_es ? { durationEs: r.duration_es } : {}),
  price: r.price,
  coverage: r.coverage,
  ...(r.coverage_es ? { coverageEs: r.coverage_es } : {}),
  packages: r.packages,
  checklist: r.checklist,
  updatedAt: r.updated_at.toISOString(),
});

const MAX_SLUG_BASE = 56;

/** URL id of a new service: its title in lowercase words joined by hyphens, e.g. "Attic Insulation" -> "attic-insulation". */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_BASE)
    .replace(/-+$/, "");
  return slug || "service";
}

/** A Spanish list's column: left out, not written (the stored one is kept); empty, null (none). */
const spanishList = (sql: Sql | Tx, list: string[] | undefined) => (list?.length ? jsonb(sql, list) : null);

/**
 * Package prices are money: stored with two decimals like every other price. A package's Spanish name and features
 * are left out of it when it has none, as the service's own are null.
 */
function columns(sql: Sql | Tx, input: ServiceInput) {
  const packages = input.packages.map(({ nameEs, featuresEs, ...p }) => ({
    ...p,
    price: roundCents(p.price),
    ...(nameEs ? { nameEs } : {}),
    ...(featuresEs?.length ? { featuresEs } : {}),
  }));
  return {
    title: input.title,
    ...(input.titleEs !== undefined ? { title_es: input.titleEs || null } : {}),
    description: input.description,
    ...(input.descriptionEs !== undefined ? { description_es: input.descriptionEs || null } : {}),
    image: input.image,
    benefits: jsonb(sql, input.benefits),
    ...(input.benefitsEs !== undefined ? { benefits_es: spanishList(sql, input.benefitsEs) } : {}),
    process: jsonb(sql, input.process),
    ...(input.processEs !== undefined ? { process_es: spanishList(sql, input.processEs) } : {}),
    duration: input.duration,
    ...(input.durationEs !== undefined ? { duration_es: input.durationEs || null } : {}),
    price: roundCents(input.price),
    coverage: input.coverage,
    ...(input.coverageEs !== undefined ? { coverage_es: input.coverageEs || null } : {}),
    packages: jsonb(sql, packages),
    // Left out of an update, the checklist stays as it is (see ServiceInputSchema).
    ...(input.checklist ? { checklist: jsonb(sql, input.checklist), checklist_seeded: true } : {}),
  };
}

export function createServicesRepo(sql: Sql): ServicesRepo {
  const findRow = async (id: string) => {
    if (!ID_PATTERN.test(id)) return null;
    const [row] = await sql<ServiceRow[]>`select * from services where id = ${id}`;
    return row ? toService(row) : null;
  };
  return {
    async list() {
      const rows = await sql<ServiceRow[]>`select * from services order by seq`;
      return rows.map(toService);
    },
    get: findRow,
    async getForUpdate(tx, id) {
      if (!ID_PATTERN.test(id)) return null;
      const [row] = await tx<ServiceRow[]>`select * from services where id = ${id} for update`;
      return row ? toService(row) : null;
    },
    async create(tx, input) {
      const base = slugify(input.title);
      const values = columns(tx, input);
      // Two services may share a title; the second gets "-2", and so on. `on conflict do nothing` keeps
      // this safe when two admins add the same title at once.
      for (let n = 1; ; n++) {
        const id = n === 1 ? base : `${base}-${n}`;
        const [row] = await tx<ServiceRow[]>`
          insert into services ${tx({ id, ...values })}
          on conflict (id) do nothing
          returning *`;
        if (row) return toService(row);
      }
    },
    async update(tx, id, input) {
      if (!ID_PATTERN.test(id)) return null;
      const [row] = await tx<ServiceRow[]>`
        update services set ${tx(columns(tx, input))}, updated_at = date_trunc('milliseconds', now())
        where id = ${id}
        returning *`;
      return row ? toService(row) : null;
    },
    async remove(tx, id) {
      if (!ID_PATTERN.test(id)) return null;
      const [row] = await tx<ServiceRow[]>`delete from services where id = ${id} returning *`;
      return row ? toService(row) : null;
    },
    transaction: (work) => transaction(sql, work),
  };
}
