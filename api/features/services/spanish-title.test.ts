import assert from "node:assert/strict";
import type { Service } from "../../contracts/services/service.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody, serviceBody } from "../../testing/fixtures.ts";
import { addStaff } from "../../testing/staff.ts";
import { editAirDuctCleaning } from "../../testing/catalog-edits.ts";

Deno.test(
  "a service's Spanish title: seeded from the glossary, written by an admin, used for Spanish customers",
  async (t) => {
    const ctx = await createTestContext();
    const times = ["9:00 AM", "11:00 AM", "3:00 PM"];
    /** The subject of the booking-received e-mail the outbox holds for a new booking in `locale`. */
    const receivedSubject = async (email: string, locale: "en" | "es") => {
      // A slot each: a slot holds two bookings.
      const body = bookingBody({ email, locale, cleaningTime: times.shift() });
      const res = await ctx.request("POST", "/api/bookings", { body });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const [row] = await ctx.sql<{ subject: string }[]>`
      select subject from outbox where to_address = ${email} and kind = 'booking-received'`;
      return row!.subject;
    };
    const edit = (body: Record<string, unknown>, token?: string) => editAirDuctCleaning(ctx, body, token);
    try {
      await t.step("the eight services of the catalog have the glossary's Spanish titles", async () => {
        const res = await ctx.request<Service[]>("GET", "/api/services");
        const titles = Object.fromEntries(res.body.map((s) => [s._id, s.titleEs]));
        assert.equal(titles["air-duct-cleaning"], "Limpieza de ductos de aire");
        assert.equal(titles["dryer-vent-cleaning"], "Limpieza de la ventila de secadora");
        assert.equal(res.body.filter((s) => s.titleEs).length, 8);
      });

      await t.step("only an admin writes it; a bad one is a 400 and changes nothing", async () => {
        const tech = await addStaff(ctx, "Lupe Tech");
        const before = await rowCounts(ctx.sql);
        assert.equal((await edit({ titleEs: "Otra" }, tech.token)).status, 403);
        assert.equal(
          (await ctx.request("PUT", "/api/services/air-duct-cleaning", { body: serviceBody() })).status,
          401,
        );
        const tooLong = await edit({ titleEs: "x".repeat(121) });
        assert.equal(tooLong.status, 400);
        assert.equal(
          (tooLong.body as unknown as { message: string }).message,
          "Spanish title must be at most 120 characters",
        );
        assert.deepEqual(await rowCounts(ctx.sql), before);
        const [row] = await ctx.sql`select title_es from services where id = 'air-duct-cleaning'`;
        assert.equal(row!.title_es, "Limpieza de ductos de aire");
      });

      await t.step(
        "a renamed service's Spanish title names it to a Spanish customer, its English one to others",
        async () => {
          const renamed = await edit({
            title: "Whole-Home Duct Cleaning",
            titleEs: "  Limpieza de ductos de toda la casa ",
          });
          assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
          assert.equal(renamed.body.data.titleEs, "Limpieza de ductos de toda la casa");
          assert.match(
            await receivedSubject("rosa@example.com", "es"),
            /^Cita recibida: Limpieza de ductos de toda la casa el /,
          );
          assert.match(
            await receivedSubject("ruth@example.com", "en"),
            /^Booking received: Whole-Home Duct Cleaning on /,
          );
        },
      );

      await t.step("left out, it stays; emptied, a Spanish customer reads the English title", async () => {
        const kept = await edit({ title: "Whole-Home Duct Cleaning" });
        assert.equal(kept.body.data.titleEs, "Limpieza de ductos de toda la casa");
        const emptied = await edit({ title: "Whole-Home Duct Cleaning", titleEs: "" });
        assert.equal(emptied.status, 200);
        assert.equal(emptied.body.data.titleEs, undefined);
        assert.match(await receivedSubject("ana@example.com", "es"), /^Cita recibida: Whole-Home Duct Cleaning el /);
      });
    } finally {
      await ctx.close();
    }
  },
);
