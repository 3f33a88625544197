import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Service } from "../../contracts/services/service.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { BASE_PRICES, SERVICE_KEYS, SERVICE_NAMES } from "../../contracts/services/catalog.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { serviceBody } from "../../testing/fixtures.ts";
import { slugify } from "./repo.ts";

Deno.test("services API", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("lists the 8 seeded services in the SPEC's order with base prices", async () => {
      const res = await ctx.request<Service[]>("GET", "/api/services");
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.map((s) => s._id),
        [...SERVICE_KEYS],
      );
      for (const s of res.body) {
        const key = s._id as (typeof SERVICE_KEYS)[number];
        assert.equal(s.title, SERVICE_NAMES[key]);
        assert.equal(s.price, BASE_PRICES[key]);
        assert.equal(s.image, `/images/services/${key}.svg`);
        assert.ok(s.description.length > 80, `${key} has a real description`);
        assert.ok(s.benefits.length >= 4 && s.benefits.length <= 6, `${key} benefits`);
        assert.ok(s.process.length >= 4 && s.process.length <= 6, `${key} process`);
        assert.ok(s.duration && s.coverage, `${key} duration and coverage`);
        assert.ok(s.packages.length >= 2 && s.packages.length <= 3, `${key} packages`);
        assert.equal(s.packages.filter((p) => p.isPopular).length, 1, `${key} has one popular package`);
        for (const p of s.packages) {
          assert.equal(typeof p.price, "number");
          assert.ok(p.features.length >= 3 && p.features.length <= 5, `${key} ${p.name} features`);
        }
      }
    });

    await t.step("reads one service; an unknown id is 404 'Service not found'", async () => {
      const res = await ctx.request<Service>("GET", "/api/services/dryer-vent-cleaning");
      assert.equal(res.status, 200);
      assert.equal(res.body.title, "Dryer Vent Cleaning");
      for (const id of ["window-washing", "NOT_AN_ID", "%20"]) {
        const missing = await ctx.request("GET", `/api/services/${id}`);
        assert.equal(missing.status, 404, id);
        assert.deepEqual(missing.body, { message: MESSAGES.serviceNotFound });
      }
    });

    await t.step("refuses writes without an admin token (401) and writes nothing", async () => {
      const before = await rowCounts(ctx.sql);
      assert.equal((await ctx.request("POST", "/api/services", { body: serviceBody() })).status, 401);
      assert.equal((await ctx.request("PUT", "/api/services/chimney-cleaning", { body: serviceBody() })).status, 401);
      assert.equal((await ctx.request("DELETE", "/api/services/chimney-cleaning")).status, 401);
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("creates a service with an id made from its title, answering 201 { data }", async () => {
      const res = await ctx.asAdmin<DataEnvelope<Service>>("POST", "/api/services", { body: serviceBody() });
      assert.equal(res.status, 201);
      assert.equal(res.body.data._id, "attic-insulation");
      assert.equal(res.body.data.price, 899);
      assert.deepEqual(res.body.data.packages, serviceBody().packages);
      const list = await ctx.request<Service[]>("GET", "/api/services");
      assert.equal(list.body.at(-1)!._id, "attic-insulation", "new services come last");
    });

    await t.step("makes the id unique when the title is taken", async () => {
      const res = await ctx.asAdmin<DataEnvelope<Service>>("POST", "/api/services", { body: serviceBody() });
      assert.equal(res.body.data._id, "attic-insulation-2");
    });

    await t.step("refuses an invalid service with 400 and the failing fields", async () => {
      const before = await rowCounts(ctx.sql);
      const res = await ctx.asAdmin<ErrorBody>("POST", "/api/services", {
        body: { ...serviceBody(), title: "", price: "cheap", image: "javascript:alert(1)" },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.issues!.map((i) => i.path).sort(), ["image", "price", "title"]);
      const noFeatures = await ctx.asAdmin<ErrorBody>("POST", "/api/services", {
        body: serviceBody({ packages: [{ name: "X", price: 1, features: [], isPopular: false }] }),
      });
      assert.equal(noFeatures.status, 400);
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("updates a service and answers { data } with the same id", async () => {
      const body = serviceBody({ title: "Chimney Sweep", price: 219.5 });
      const res = await ctx.asAdmin<DataEnvelope<Service>>("PUT", "/api/services/chimney-cleaning", { body });
      assert.equal(res.status, 200);
      assert.equal(res.body.data._id, "chimney-cleaning");
      assert.equal(res.body.data.title, "Chimney Sweep");
      assert.equal(res.body.data.price, 219.5);
      assert.equal((await ctx.asAdmin("PUT", "/api/services/nope", { body })).status, 404);
      assert.equal((await ctx.asAdmin("PUT", "/api/services/chimney-cleaning", { body: {} })).status, 400);
    });

    await t.step("deletes a service and answers { data: { _id } }; a second delete is 404", async () => {
      const res = await ctx.asAdmin("DELETE", "/api/services/attic-insulation-2");
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { data: { _id: "attic-insulation-2" } });
      assert.equal((await ctx.request("GET", "/api/services/attic-insulation-2")).status, 404);
      const again = await ctx.asAdmin("DELETE", "/api/services/attic-insulation-2");
      assert.equal(again.status, 404);
      assert.deepEqual(again.body, { message: MESSAGES.serviceNotFound });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("makes URL ids from titles", () => {
  assert.equal(slugify("Attic Insulation"), "attic-insulation");
  assert.equal(slugify("  Duct & Vent   Sealing! "), "duct-and-vent-sealing");
  assert.equal(slugify("Café Ventilación"), "cafe-ventilacion");
  assert.equal(slugify("!!!"), "service");
  assert.ok(slugify("x".repeat(200)).length <= 56);
});
