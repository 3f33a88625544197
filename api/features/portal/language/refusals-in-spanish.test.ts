import assert from "node:assert/strict";
import { createTestContext } from "../../../testing/context.ts";
import { messagesInBoth } from "../../../testing/languages.ts";
import { bookedAndSignedIn } from "../../../testing/portal.ts";

Deno.test("a customer with no record yet is refused their language and texts in the page's language", async () => {
  const ctx = await createTestContext();
  try {
    const email = "noor.language@example.com";
    const { token } = await bookedAndSignedIn(ctx, email);
    // As before a worker linked the address to a record.
    await ctx.sql`update customer_sessions set customer_id = null where email = ${email}`;
    await ctx.sql`delete from customer_emails where email = ${email}`;
    const notFound = { en: "Customer not found", es: "No se encontró el cliente" };
    const body = { locale: "es" };
    assert.deepEqual(await messagesInBoth(ctx, "PUT", "/api/portal/language", 404, { token, body }), notFound);
    assert.deepEqual(await messagesInBoth(ctx, "GET", "/api/portal/sms-consent", 404, { token }), notFound);
  } finally {
    await ctx.close();
  }
});
