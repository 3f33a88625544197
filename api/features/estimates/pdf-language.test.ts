import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import { createTestContext } from "../../testing/context.ts";
import { newBooking } from "../../testing/estimates.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";

Deno.test(
  "a customer who booked in Spanish gets their estimate's PDF in Spanish; the office's copy follows the staff member",
  async (t) => {
    const ctx = await createTestContext();
    const pdfOf = async (url: string, token?: string) => {
      const res = await ctx.app.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      assert.equal(res.status, 200, url);
      return await pdfText(new Uint8Array(await res.arrayBuffer()));
    };
    try {
      // Booked with the form in Spanish: the language is kept on the customer's record.
      const bookingId = await newBooking(ctx, { locale: "es" });
      const created = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
        body: {
          bookingId,
          depositPercent: 25,
          options: [
            {
              title: "Limpieza completa",
              lines: [
                { description: "Limpieza de ductos de aire", quantity: 1, unitPriceCents: 39_900, taxable: true },
              ],
            },
          ],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const estimate = created.body.data;

      await t.step("through the customer's link: Spanish words, Spanish dates, the same figures", async () => {
        const text = await pdfOf(`/api/estimates/by-token/${estimate.token}/pdf`);
        assert.match(text, /PRESUPUESTO/);
        assert.match(text, /Preparado para/);
        assert.match(text, /Precio unitario/);
        assert.match(text, /Válido hasta: \d{1,2} de [a-záéíóú]+ de \d{4}/);
        assert.match(text, /Depósito al aprobar \(25%\)/);
        assert.match(text, /Condiciones/);
        assert.match(text, /\$399\.00/);
        assert.doesNotMatch(text, /Prepared for|Valid until|Unit price/);
      });

      await t.step("the office's copy is in the language of the staff member who opens it", async () => {
        assert.match(await pdfOf(`/api/estimates/${estimate._id}/pdf`, ctx.adminToken), /ESTIMATE[\s\S]*Prepared for/);
        const tech = await addStaff(ctx, "Lupe Tech");
        await assignJob(ctx, bookingId, tech.member._id);
        const put = await ctx.request("PUT", "/api/account/language", { token: tech.token, body: { locale: "es" } });
        assert.equal(put.status, 200);
        assert.match(await pdfOf(`/api/estimates/${estimate._id}/pdf`, tech.token), /PRESUPUESTO[\s\S]*Preparado para/);
      });
    } finally {
      await ctx.close();
    }
  },
);
