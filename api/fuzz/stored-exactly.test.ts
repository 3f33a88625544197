import assert from "node:assert/strict";
import fc from "fast-check";
import type { AuditEntry } from "../contracts/audit/audit.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Service } from "../contracts/services/service.ts";
import { MESSAGES } from "../contracts/common/messages.ts";
import { createTestContext } from "../testing/context.ts";
import { rowCounts } from "../testing/database.ts";
import { bookingBody, serviceBody } from "../testing/fixtures.ts";
import { storableText, UNSTORABLE_STRINGS } from "./hostile.ts";

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: "Jordan Ellis",
  email: "jordan@example.com",
  phone: "(704) 555-0123",
  service: "Other Services",
  message: "Hello",
  ...overrides,
});

/** Weekdays from Tuesday 3 March 2026 on, skipping Saturdays: a fresh slot for every case. */
function* bookableDates(): Generator<string> {
  const day = new Date("2026-03-03T12:00:00Z");
  for (;;) {
    if (day.getUTCDay() !== 6) for (let i = 0; i < 13; i++) yield day.toISOString().slice(0, 10) + "#" + i;
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

Deno.test("property: hostile text is stored and answered exactly as text", async (t) => {
  const ctx = await createTestContext({
    env: {
      SLOT_CAPACITY: "100",
      BOOKING_LIMIT_PER_HOUR: "100000",
      CONTACT_LIMIT_PER_HOUR: "100000",
      MANAGE_LIMIT_PER_HOUR: "100000",
    },
  });
  const { TIME_SLOTS } = await import("../contracts/schedule/dates.ts");
  const slots = bookableDates();
  const nextSlot = () => {
    const [date, i] = slots.next().value!.split("#");
    return { cleaningDate: date!, cleaningTime: TIME_SLOTS[Number(i)]! };
  };
  const runs = { numRuns: 120 };

  try {
    await t.step("bookings: every text field, on create and on an admin edit (and in its history)", async () => {
      const fields = fc.record({
        firstName: storableText(60),
        lastName: storableText(60),
        homeAddress: storableText(200),
        city: storableText(100),
        furnaceOrUnit: storableText(100),
        comment: storableText(2000),
      });
      await fc.assert(
        fc.asyncProperty(fields, fields, async (created, edited) => {
          const slot = nextSlot();
          const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
            body: bookingBody({ ...created, ...slot }),
          });
          assert.equal(res.status, 201, JSON.stringify(res.body));
          const id = res.body.data._id;
          const read = await ctx.asAdmin<Booking>("GET", `/api/bookings/${id}`);
          assert.deepEqual(pick(read.body, created), { ...created });

          const edit = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${id}`, {
            body: bookingBody({ ...edited, ...slot }),
          });
          assert.equal(edit.status, 200, JSON.stringify(edit.body));
          assert.deepEqual(pick(edit.body.data, edited), { ...edited });
          const [entry] = (await ctx.asAdmin<AuditEntry[]>("GET", `/api/bookings/${id}/history`)).body;
          for (const [key, value] of Object.entries(edited)) {
            if (value !== created[key as keyof typeof created]) assert.equal(entry!.changes[key]!.to, value);
          }
        }),
        runs,
      );
    });

    await t.step("contact messages: name and message", async () => {
      await fc.assert(
        fc.asyncProperty(storableText(100), storableText(5000), async (name, message) => {
          const res = await ctx.request<DataEnvelope<{ _id: string }>>("POST", "/api/contact", {
            body: contact({ name, message }),
          });
          assert.equal(res.status, 201);
          const [row] = await ctx.sql`select name, message from contact_messages where id = ${res.body.data._id}`;
          assert.deepEqual({ ...row }, { name, message });
        }),
        runs,
      );
    });

    await t.step("services: title, description, lists and package names", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            title: storableText(120),
            description: storableText(2000),
            benefits: fc.array(storableText(300), { maxLength: 3 }),
            coverage: storableText(200),
            packageName: storableText(60),
          }),
          async ({ packageName, ...fields }) => {
            const packages = [{ name: packageName, price: 10, features: [fields.coverage], isPopular: false }];
            const res = await ctx.asAdmin<DataEnvelope<Service>>("POST", "/api/services", {
              body: serviceBody({ ...fields, packages }),
            });
            assert.equal(res.status, 201, JSON.stringify(res.body));
            const read = await ctx.request<Service>("GET", `/api/services/${res.body.data._id}`);
            assert.deepEqual(pick(read.body, fields), { ...fields, benefits: [...fields.benefits] });
            assert.equal(read.body.packages[0]!.name, packageName);
          },
        ),
        runs,
      );
    });

    await t.step("the classic injections are plain text, answered as JSON, and the tables are intact", async () => {
      const sqlText = "'; drop table bookings; --";
      const html = "<script>alert(1)</script>";
      const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ firstName: sqlText, comment: html, ...nextSlot() }),
      });
      assert.equal(res.status, 201);
      const read = await ctx.asAdmin("GET", `/api/bookings/${res.body.data._id}`);
      assert.match(read.headers.get("Content-Type") ?? "", /^application\/json/);
      assert.equal(read.headers.get("X-Content-Type-Options"), "nosniff");
      assert.deepEqual(pick(read.body as Booking, { firstName: "", comment: "" }), {
        firstName: sqlText,
        comment: html,
      });
      const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from bookings`;
      assert.ok(count > 100, "the bookings table is still there");
    });

    await t.step("text at the bound is kept whole, one character over is refused and writes nothing", async () => {
      const atBound = "€".repeat(5000);
      const ok = await ctx.request<DataEnvelope<{ _id: string }>>("POST", "/api/contact", {
        body: contact({ message: atBound }),
      });
      assert.equal(ok.status, 201);
      const [row] = await ctx.sql`select message from contact_messages where id = ${ok.body.data._id}`;
      assert.equal(row!.message, atBound);
      const before = await rowCounts(ctx.sql);
      for (const message of [atBound + "€", "x".repeat(10_000)]) {
        const res = await ctx.request("POST", "/api/contact", { body: contact({ message }) });
        assert.equal(res.status, 400);
      }
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("NUL and lone surrogates are refused with 400, never stored altered, never a 500", async () => {
      const before = await rowCounts(ctx.sql);
      for (const bad of UNSTORABLE_STRINGS) {
        const res = await ctx.request("POST", "/api/contact", { body: contact({ message: bad }) });
        assert.equal(res.status, 400, JSON.stringify(bad));
        assert.deepEqual(res.body, { message: MESSAGES.unstorableText });
        const service = await ctx.asAdmin("POST", "/api/services", { body: serviceBody({ benefits: [bad] }) });
        assert.equal(service.status, 400);
        const booking = await ctx.request("POST", "/api/bookings", { body: { ...bookingBody(), [bad]: 1 } });
        assert.equal(booking.status, 400, "in a key too");
      }
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });
  } finally {
    await ctx.close();
  }
});

/** The entries of `value` named by the keys of `like`. */
function pick<T extends object>(value: T, like: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like).map((k) => [k, (value as Record<string, unknown>)[k]]));
}
