import { jsonb, type Sql } from "./client.ts";
import { lockSchema } from "./migrate.ts";
import { SEED_SERVICES } from "./seed-data.ts";
import { DEFAULT_CHECKLISTS } from "./seed-checklists.ts";
import { transaction } from "./transaction.ts";

/** Fills an empty services table with the eight services of the business. Returns how many it added. */
export async function seedServices(sql: Sql): Promise<number> {
  return await transaction(sql, async (tx) => {
    await lockSchema(tx);
    // The seeded services of a database older than checklists (migration 012) get their default list, once.
    for (const [id, checklist] of Object.entries(DEFAULT_CHECKLISTS)) {
      await tx`
        update services set checklist = ${jsonb(tx, checklist)}, checklist_seeded = true
        where id = ${id} and not checklist_seeded`;
    }
    const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from services`;
    if (count > 0) return 0;
    for (const s of SEED_SERVICES) {
      await tx`
        insert into services (id, title, title_es, description, description_es, image, benefits, benefits_es,
                              process, process_es, duration, duration_es, price, coverage, coverage_es, packages,
                              checklist, checklist_seeded)
        values (${s._id}, ${s.title}, ${s.titleEs ?? null}, ${s.description}, ${s.descriptionEs ?? null}, ${s.image},
                ${jsonb(tx, s.benefits)}, ${s.benefitsEs ? jsonb(tx, s.benefitsEs) : null},
                ${jsonb(tx, s.process)}, ${s.processEs ? jsonb(tx, s.processEs) : null},
                ${s.duration}, ${s.durationEs ?? null}, ${s.price}, ${s.coverage}, ${s.coverageEs ?? null},
                ${jsonb(tx, s.packages)}, ${jsonb(tx, s.checklist)}, true)`;
    }
    return SEED_SERVICES.length;
  });
}
