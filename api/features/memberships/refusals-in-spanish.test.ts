import assert from "node:assert/strict";
import { createTestContext } from "../../testing/context.ts";
import { messagesInBoth } from "../../testing/languages.ts";
import { bookedAndSignedIn } from "../../testing/portal.ts";

Deno.test("a customer joining or cancelling a plan on their page is refused in its language", async () => {
  const ctx = await createTestContext();
  try {
    const email = "pia.plans@example.com";
    const { token } = await bookedAndSignedIn(ctx, email);
    const someone = crypto.randomUUID();
    const join = { planId: crypto.randomUUID(), propertyId: someone };
    assert.deepEqual(await messagesInBoth(ctx, "POST", "/api/portal/memberships", 404, { token, body: join }), {
      en: "Property not found",
      es: "No se encontró la propiedad",
    });
    assert.deepEqual(await messagesInBoth(ctx, "POST", `/api/portal/memberships/${someone}/cancel`, 404, { token }), {
      en: "Membership not found",
      es: "No se encontró la membresía",
    });
  } finally {
    await ctx.close();
  }
});
