import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { PriceBookDeleted, PriceBookItem } from "../../contracts/price-book/item.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { addStaff } from "../../testing/staff.ts";

type List = DataEnvelope<PriceBookItem[]>;

Deno.test("price book: staff read it, admins write it, bad input names its field", async (t) => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Tina Tech");
    const office = await addStaff(ctx, "Adam Admin", "admin");
    const asOffice = <T>(method: string, path: string, body?: unknown) =>
      ctx.request<T>(method, path, { token: office.token, body });
    let made: PriceBookItem;

    await t.step("comes seeded with the trade's usual extra work, priced in cents", async () => {
      const res = await ctx.request<List>("GET", "/api/price-book", { token: tech.token });
      assert.equal(res.status, 200);
      const names = res.body.data.map((i) => i.name);
      assert.equal(names.length, 8);
      for (const expected of ["UV light installation", "Bird guard", "Dryer vent re-route", "Blower motor cleaning"]) {
        assert.ok(names.includes(expected), expected);
      }
      const reroute = res.body.data.find((i) => i.name === "Dryer vent re-route")!;
      assert.equal(reroute.unitLabel, "ft");
      assert.ok(Number.isInteger(reroute.unitPriceCents));
    });

    await t.step("an admin adds an item: 201 { data } with the server's id, audited with its actor", async () => {
      const res = await asOffice<DataEnvelope<PriceBookItem>>("POST", "/api/price-book", {
        name: "Duct sealing",
        description: "Mastic on accessible joints",
        unitPriceCents: 12500,
        unitLabel: "joint",
        taxable: false,
      });
      assert.equal(res.status, 201);
      made = res.body.data;
      assert.deepEqual(
        { ...made, _id: "" },
        {
          _id: "",
          name: "Duct sealing",
          description: "Mastic on accessible joints",
          unitPriceCents: 12500,
          unitLabel: "joint",
          taxable: false,
          active: true,
        },
      );
      const [audit] = await ctx.sql<{ admin_email: string; action: string }[]>`
        select admin_email, action from audit_log where entity_type = 'price_book' and entity_id = ${made._id}`;
      assert.deepEqual(audit, { admin_email: office.member.email, action: "create" });
    });

    await t.step("bad input is a 400 naming the field, and writes nothing", async () => {
      const before = await rowCounts(ctx.sql);
      const cases: [unknown, RegExp][] = [
        [{ name: "", unitPriceCents: 100 }, /^Name/],
        [{ name: "X", unitPriceCents: -1 }, /^Unit price must not be negative/],
        [{ name: "X", unitPriceCents: 10.5 }, /^Unit price must be a whole number/],
        [{ name: "X", unitPriceCents: 10_000_001 }, /^Unit price must be at most \$100,000/],
        [{ name: "X" }, /unitPriceCents/],
      ];
      for (const [body, message] of cases) {
        const res = await asOffice<ErrorBody>("POST", "/api/price-book", body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.body.message, message);
        const put = await asOffice<ErrorBody>("PUT", `/api/price-book/${made._id}`, body);
        assert.equal(put.status, 400);
      }
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("a technician writing is refused with 403, and reads only active items", async () => {
      const body = { name: "Cheap fix", unitPriceCents: 1 };
      for (const [method, path] of [
        ["POST", "/api/price-book"],
        ["PUT", `/api/price-book/${made._id}`],
        ["DELETE", `/api/price-book/${made._id}`],
      ] as const) {
        const res = await ctx.request<ErrorBody>(method, path, { token: tech.token, body });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.deepEqual(res.body, { message: MESSAGES.forbidden });
      }
      const anon = await ctx.request("GET", "/api/price-book");
      assert.equal(anon.status, 401);
    });

    await t.step("an admin edits an item; an unknown one is 404", async () => {
      const res = await asOffice<DataEnvelope<PriceBookItem>>("PUT", `/api/price-book/${made._id}`, {
        name: "Duct sealing",
        unitPriceCents: 13500,
        unitLabel: "joint",
        taxable: true,
        active: false,
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.unitPriceCents, 13500);
      assert.equal(res.body.data.active, false);
      const techList = await ctx.request<List>("GET", "/api/price-book", { token: tech.token });
      assert.ok(!techList.body.data.some((i) => i._id === made._id), "an archived item is not offered");
      const officeList = await asOffice<List>("GET", "/api/price-book");
      assert.equal(officeList.body.data.at(-1)!._id, made._id, "admins see it, after the active ones");
      const missing = await asOffice<ErrorBody>("PUT", `/api/price-book/${crypto.randomUUID()}`, {
        name: "X",
        unitPriceCents: 1,
      });
      assert.equal(missing.status, 404);
      assert.equal((await asOffice("DELETE", "/api/price-book/not-an-id")).status, 404);
    });

    await t.step("an item no estimate used is deleted", async () => {
      const res = await asOffice<DataEnvelope<PriceBookDeleted>>("DELETE", `/api/price-book/${made._id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { _id: made._id, outcome: "deleted" });
      const [{ n }] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from price_book_items where id = ${made._id}`;
      assert.equal(n, 0);
    });
  } finally {
    await ctx.close();
  }
});
