import assert from "node:assert/strict";
import { packageSlug } from "../../contracts/services/catalog.ts";
import type { Service, ServicePackage } from "../../contracts/services/service.ts";
import { SEED_SERVICES } from "../../db/seed-data.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { addStaff } from "../../testing/staff.ts";
import { editAirDuctCleaning } from "../../testing/catalog-edits.ts";

const SPANISH = {
  benefitsEs: ["  Menos polvo en la casa ", "Mejor flujo de aire"],
  processEs: ["Revisamos los ductos", "Limpiamos cada ramal"],
  durationEs: " 2 a 4 horas ",
  coverageEs: "Toda la casa, hasta 15 rejillas",
};
const STANDARD = { name: "Standard", price: 299, features: ["Up to 15 vents"], isPopular: true };

Deno.test(
  "a service's Spanish benefits, steps, duration, coverage and packages: seeded by hand, written by an admin, answered with it",
  async (t) => {
    const ctx = await createTestContext();
    const edit = (body: Record<string, unknown>, token?: string) => editAirDuctCleaning(ctx, body, token);
    const message = (res: { body: unknown }) => (res.body as { message: string }).message;
    try {
      await t.step("the eight services of the catalog have them, in the list and one by one", async () => {
        const list = await ctx.request<Service[]>("GET", "/api/services");
        const complete = (s: Service) =>
          s.benefitsEs?.length &&
          s.processEs?.length &&
          s.durationEs &&
          s.coverageEs &&
          s.packages.every((p) => p.nameEs && p.featuresEs?.length);
        assert.equal(list.body.filter(complete).length, 8);
        const one = await ctx.request<Service>("GET", "/api/services/dryer-vent-cleaning");
        assert.equal(one.body.durationEs, "1 a 2 horas");
        assert.deepEqual(
          one.body.packages.map((p) => [p.name, p.nameEs]),
          [
            ["Standard", "Estándar"],
            ["Extended", "Extendido"],
          ],
        );
      });

      await t.step("only an admin writes them; a bad one is a 400 that says which, and changes nothing", async () => {
        const tech = await addStaff(ctx, "Lupe Tech");
        const before = await rowCounts(ctx.sql);
        assert.equal((await edit(SPANISH, tech.token)).status, 403);
        const refusals: [Record<string, unknown>, string][] = [
          [{ benefitsEs: "Menos polvo" }, "Spanish benefits must be a list"],
          [{ benefitsEs: ["x".repeat(301)] }, "Spanish benefit must be at most 300 characters"],
          [{ processEs: Array(21).fill("Paso") }, "At most 20 Spanish process steps"],
          [{ durationEs: "x".repeat(61) }, "Spanish duration must be at most 60 characters"],
          [{ coverageEs: 5 }, "Spanish coverage must be text"],
          [
            { packages: [{ ...STANDARD, nameEs: "x".repeat(61) }] },
            "Spanish package name must be at most 60 characters",
          ],
          [{ packages: [{ ...STANDARD, featuresEs: [" "] }] }, "Spanish feature is required"],
        ];
        for (const [body, text] of refusals) {
          const res = await edit(body);
          assert.equal(res.status, 400, JSON.stringify(body));
          assert.equal(message(res), text);
        }
        assert.deepEqual(await rowCounts(ctx.sql), before);
      });

      await t.step("written, they are kept trimmed; left out, they stay; emptied, the service has none", async () => {
        const packages = [{ ...STANDARD, nameEs: " Estándar completo ", featuresEs: ["Hasta 15 rejillas "] }];
        const written = await edit({ ...SPANISH, packages });
        assert.equal(written.status, 200, JSON.stringify(written.body));
        const expected = {
          benefitsEs: ["Menos polvo en la casa", "Mejor flujo de aire"],
          processEs: SPANISH.processEs,
          durationEs: "2 a 4 horas",
          coverageEs: SPANISH.coverageEs,
        };
        assert.deepEqual(pick(written.body.data), expected);
        assert.deepEqual(written.body.data.packages, [
          { ...STANDARD, nameEs: "Estándar completo", featuresEs: ["Hasta 15 rejillas"] },
        ]);

        // A client that knows no Spanish (an older form) sends none of them: each is kept, the package's by its name.
        const kept = await edit({ packages: [STANDARD] });
        assert.deepEqual(pick(kept.body.data), expected);
        assert.deepEqual(kept.body.data.packages, written.body.data.packages);
        const listed = await ctx.request<Service[]>("GET", "/api/services");
        assert.deepEqual(pick(listed.body.find((s) => s._id === "air-duct-cleaning")!), expected);

        const emptied = await edit({
          benefitsEs: [],
          processEs: [],
          durationEs: "",
          coverageEs: "",
          packages: [{ ...STANDARD, nameEs: "", featuresEs: [] }],
        });
        assert.equal(emptied.status, 200);
        assert.deepEqual(pick(emptied.body.data), {});
        assert.deepEqual(emptied.body.data.packages, [STANDARD]);
        const [row] = await ctx.sql`
          select benefits_es, process_es, duration_es, coverage_es from services where id = 'air-duct-cleaning'`;
        assert.deepEqual({ ...row }, { benefits_es: null, process_es: null, duration_es: null, coverage_es: null });
      });

      await t.step("a package's Spanish name changes neither its name, its link nor the service's id", async () => {
        const created = await ctx.request<{ data: Service }>("POST", "/api/services", {
          token: ctx.adminToken,
          body: {
            title: "Attic Fan Cleaning",
            titleEs: "Limpieza del ventilador del ático",
            image: "/images/services/attic.svg",
            description: "Fans cleaned.",
            price: 129,
            duration: "1 hour",
            coverage: "One fan",
            packages: [{ name: "Whole Home Plus", price: 129, features: ["One fan"], nameEs: "Casa completa" }],
          },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal(created.body.data._id, "attic-fan-cleaning");
        const [p] = created.body.data.packages;
        assert.equal(p!.name, "Whole Home Plus");
        assert.equal(p!.nameEs, "Casa completa");
        assert.equal(packageSlug(p!.name), "whole-home-plus");
      });

      await t.step("the database refuses what the API would (empty or long lists, an empty package name)", async () => {
        const id = "dryer-vent-cleaning";
        // A check constraint's refusal, not any error.
        const refused = (query: Promise<unknown>) =>
          assert.rejects(query, (error: { code?: string }) => error.code === "23514");
        await refused(ctx.sql`update services set benefits_es = '[]' where id = ${id}`);
        await refused(
          ctx.sql`update services set process_es = ${ctx.sql.json(Array(21).fill("Paso"))} where id = ${id}`,
        );
        await refused(ctx.sql`update services set benefits_es = '["ok", 3]' where id = ${id}`);
        await refused(ctx.sql`update services set duration_es = '' where id = ${id}`);
        await refused(ctx.sql`update services set coverage_es = ${"x".repeat(201)} where id = ${id}`);
        await refused(ctx.sql`update services set packages = jsonb_set(packages, '{0,nameEs}', '""') where id = ${id}`);
        const long = JSON.stringify(["x".repeat(301)]);
        await refused(
          ctx.sql`update services set packages = jsonb_set(packages, '{0,featuresEs}', ${long}::jsonb) where id = ${id}`,
        );
        // Within the limits, the same columns take them.
        await ctx.sql`update services set benefits_es = '["Uno"]', duration_es = '1 hora' where id = ${id}`;
      });

      await t.step("migration 039 gives each field and package only while its English is the seeded one", async () => {
        const migration = await Deno.readTextFile(
          new URL("../../db/migrations/039_service_spanish_details.sql", import.meta.url),
        );
        // The table as a database older than 039 has it, with some English the office rewrote.
        await ctx.sql`
          alter table services drop column benefits_es, drop column process_es, drop column duration_es,
            drop column coverage_es, drop constraint services_packages_spanish`;
        await ctx.sql`
          update services set packages = (
            select coalesce(jsonb_agg(p - 'nameEs' - 'featuresEs' order by n), '[]')
            from jsonb_array_elements(packages) with ordinality as e(p, n))`;
        await ctx.sql`update services set benefits = '["Our own words."]' where id = 'chimney-cleaning'`;
        await ctx.sql`update services set duration = '2 hours' where id = 'hvac-system-cleaning'`;
        await ctx.sql`
          update services set packages = jsonb_set(packages, '{1,features}', '["Our own feature"]')
          where id = 'dryer-vent-cleaning'`;
        await ctx.sql.unsafe(migration);

        // One by one: each is read fresh, where the list may be the one cached before the rows changed under it.
        const read = (id: string) => ctx.request<Service>("GET", `/api/services/${id}`).then((res) => res.body);
        const stored = new Map(await Promise.all(SEED_SERVICES.map(async (s) => [s._id, await read(s._id)] as const)));
        const chimney = stored.get("chimney-cleaning")!;
        assert.equal(chimney.benefitsEs, undefined);
        assert.ok(chimney.processEs?.length);
        assert.equal(stored.get("hvac-system-cleaning")!.durationEs, undefined);
        assert.deepEqual(
          stored.get("dryer-vent-cleaning")!.packages.map((p) => p.nameEs),
          ["Estándar", undefined],
        );
        for (const seed of SEED_SERVICES)
          assert.deepEqual(pick(stored.get(seed._id)!), expectedSpanish(stored.get(seed._id)!, seed), seed._id);
        for (const seed of SEED_SERVICES) {
          const service = stored.get(seed._id)!;
          service.packages.forEach((p, i) =>
            assert.deepEqual(p, expectedPackage(p, seed.packages), `${seed._id} ${i}`),
          );
        }
      });
    } finally {
      await ctx.close();
    }
  },
);

/** A service's own Spanish fields beyond its title and description, those it has. */
function pick(s: Service) {
  const { benefitsEs, processEs, durationEs, coverageEs } = s;
  return Object.fromEntries(
    Object.entries({ benefitsEs, processEs, durationEs, coverageEs }).filter(([, value]) => value !== undefined),
  );
}

/** What migration 039 gives a service: each seeded Spanish field whose English is still the seeded one. */
function expectedSpanish(stored: Service, seed: (typeof SEED_SERVICES)[number]) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return pick({
    ...stored,
    benefitsEs: same(stored.benefits, seed.benefits) ? seed.benefitsEs : undefined,
    processEs: same(stored.process, seed.process) ? seed.processEs : undefined,
    durationEs: stored.duration === seed.duration ? seed.durationEs : undefined,
    coverageEs: stored.coverage === seed.coverage ? seed.coverageEs : undefined,
  });
}

/** A stored package with the Spanish of the seeded package of the same name and features, if there is one. */
function expectedPackage(stored: ServicePackage, seeded: ServicePackage[]): ServicePackage {
  const { nameEs: _name, featuresEs: _features, ...english } = stored;
  const match = seeded.find(
    (p) => p.name === stored.name && JSON.stringify(p.features) === JSON.stringify(stored.features),
  );
  return match ? { ...english, nameEs: match.nameEs, featuresEs: match.featuresEs } : english;
}
