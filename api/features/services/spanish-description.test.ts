import assert from "node:assert/strict";
import type { Service } from "../../contracts/services/service.ts";
import { SEED_SERVICES } from "../../db/seed-data.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { addStaff } from "../../testing/staff.ts";
import { editAirDuctCleaning } from "../../testing/catalog-edits.ts";

Deno.test(
  "a service's Spanish description: seeded by hand, written by an admin, answered with the service",
  async (t) => {
    const ctx = await createTestContext();
    const edit = (body: Record<string, unknown>, token?: string) => editAirDuctCleaning(ctx, body, token);
    try {
      await t.step("the eight services of the catalog have one, in the list and one by one", async () => {
        const list = await ctx.request<Service[]>("GET", "/api/services");
        assert.equal(list.body.filter((s) => s.descriptionEs).length, 8);
        const one = await ctx.request<Service>("GET", "/api/services/dryer-vent-cleaning");
        assert.match(one.body.descriptionEs!, /^La pelusa que se acumula en la ventila de secadora /);
      });

      await t.step("only an admin writes it; a bad one is a 400 and changes nothing", async () => {
        const tech = await addStaff(ctx, "Lupe Tech");
        const before = await rowCounts(ctx.sql);
        assert.equal((await edit({ descriptionEs: "Otra" }, tech.token)).status, 403);
        const tooLong = await edit({ descriptionEs: "x".repeat(2001) });
        assert.equal(tooLong.status, 400);
        assert.equal(
          (tooLong.body as unknown as { message: string }).message,
          "Spanish description must be at most 2000 characters",
        );
        assert.equal((await edit({ descriptionEs: 12 })).status, 400);
        assert.deepEqual(await rowCounts(ctx.sql), before);
      });

      await t.step("written, it is kept trimmed; left out, it stays; emptied, the service has none", async () => {
        const written = await edit({ descriptionEs: "  Limpiamos cada ducto de su casa. " });
        assert.equal(written.status, 200, JSON.stringify(written.body));
        assert.equal(written.body.data.descriptionEs, "Limpiamos cada ducto de su casa.");
        const kept = await edit({});
        assert.equal(kept.body.data.descriptionEs, "Limpiamos cada ducto de su casa.");
        const listed = await ctx.request<Service[]>("GET", "/api/services");
        assert.equal(
          listed.body.find((s) => s._id === "air-duct-cleaning")!.descriptionEs,
          kept.body.data.descriptionEs,
        );
        const emptied = await edit({ descriptionEs: "" });
        assert.equal(emptied.status, 200);
        assert.equal(emptied.body.data.descriptionEs, undefined);
        const [row] = await ctx.sql`select description_es from services where id = 'air-duct-cleaning'`;
        assert.equal(row!.description_es, null);
      });

      await t.step("migration 037 gives a service only while it has its seeded English description", async () => {
        const migration = await Deno.readTextFile(
          new URL("../../db/migrations/037_service_spanish_description.sql", import.meta.url),
        );
        // The table as a database older than 037 has it, with one description the office rewrote.
        await ctx.sql`alter table services drop column description_es`;
        await ctx.sql`update services set description = 'Our own words.' where id = 'chimney-cleaning'`;
        await ctx.sql.unsafe(migration);
        const rows = await ctx.sql<{ id: string; description: string; description_es: string | null }[]>`
        select id, description, description_es from services`;
        const stored = new Map(rows.map((r) => [r.id, r]));
        assert.equal(stored.get("chimney-cleaning")!.description_es, null);
        // The service edited above carries the test's description, not the seeded one.
        assert.equal(stored.get("air-duct-cleaning")!.description_es, null);
        const seeded = SEED_SERVICES.filter((s) => stored.get(s._id)!.description === s.description);
        assert.equal(seeded.length, 6);
        for (const s of seeded) assert.equal(stored.get(s._id)!.description_es, s.descriptionEs, s._id);
      });
    } finally {
      await ctx.close();
    }
  },
);
