import assert from "node:assert/strict";
import { createTestContext } from "../../../testing/context.ts";
import { messagesInBoth } from "../../../testing/languages.ts";
import { bookedAndSignedIn } from "../../../testing/portal.ts";

Deno.test("a customer's estimates and invoices refuse in the page's language: Spanish asked in Spanish", async () => {
  const ctx = await createTestContext();
  try {
    const email = "mina.money@example.com";
    const { token } = await bookedAndSignedIn(ctx, email);
    assert.deepEqual(await messagesInBoth(ctx, "GET", "/api/portal/estimates/nope", 404, { token }), {
      en: "Estimate not found",
      es: "No se encontró el presupuesto",
    });
    assert.deepEqual(await messagesInBoth(ctx, "GET", "/api/portal/invoices/nope", 404, { token }), {
      en: "Invoice not found",
      es: "No se encontró la factura",
    });
  } finally {
    await ctx.close();
  }
});
