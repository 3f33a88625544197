import assert from "node:assert/strict";
import { loadMigrations, migrate } from "./migrate.ts";
import { createTestDatabase } from "../testing/database.ts";

Deno.test("migration 041 gives saved settings a Spanish service area from their English one", async () => {
  const db = await createTestDatabase({ migrated: false });
  try {
    const all = await loadMigrations();
    await migrate(
      db.sql,
      all.filter((m) => m.version <= 40),
    );
    const profile = (serviceArea: string) => ({ name: "Raleigh Air", city: "Raleigh", serviceArea });
    await db.sql`
      insert into business_settings (profile, hours, slot_capacity, lead_days, horizon_days)
      values (${db.sql.json(profile("the Raleigh area"))}, '{}', 2, 1, 365)`;
    const spanish = async () =>
      (await db.sql<{ es: string }[]>`select profile->>'serviceAreaEs' as es from business_settings`)[0]!.es;

    assert.deepEqual(
      await migrate(
        db.sql,
        all.filter((m) => m.version <= 41),
      ),
      [41],
    );
    assert.equal(await spanish(), "el área de Raleigh", "the seeded form, said in Spanish");

    // Words the owner wrote stay as a Spanish page showed them; a Spanish one already there is kept.
    const migration = all.find((m) => m.version === 41)!;
    await db.sql`update business_settings set profile = ${db.sql.json(profile("the Triangle and Wake County"))}`;
    await db.sql.unsafe(migration.sql);
    assert.equal(await spanish(), "the Triangle and Wake County");
    await db.sql`update business_settings set profile = profile || '{"serviceAreaEs": "el Triángulo"}'`;
    await db.sql.unsafe(migration.sql);
    assert.equal(await spanish(), "el Triángulo");
  } finally {
    await db.close();
  }
});
