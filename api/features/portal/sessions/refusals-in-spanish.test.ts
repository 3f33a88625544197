import assert from "node:assert/strict";
import { PORTAL_MESSAGES } from "../../../contracts/portal/portal.ts";
import { createTestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { messagesInBoth } from "../../../testing/languages.ts";

Deno.test("the sign-in's answers follow the page's language: Spanish asked in Spanish, English otherwise", async () => {
  const ctx = await createTestContext();
  try {
    const booked = "lena.signin@example.com";
    assert.equal((await ctx.request("POST", "/api/bookings", { body: bookingBody({ email: booked }) })).status, 201);
    // The same words for an address with bookings and one without, in either language.
    for (const email of [booked, "nobody.signin@example.com"]) {
      const sent = await messagesInBoth(ctx, "POST", "/api/portal/sign-in", 202, { body: { email } });
      assert.deepEqual(sent, {
        en: PORTAL_MESSAGES.signInSent,
        es: "Si tenemos citas con ese correo electrónico, le enviamos un enlace para entrar. Sirve una sola vez, durante 15 minutos. Revise su bandeja de entrada.",
      });
    }

    const used = await messagesInBoth(ctx, "POST", "/api/portal/sessions", 401, { body: { token: "x".repeat(43) } });
    assert.deepEqual(used, {
      en: PORTAL_MESSAGES.signInLinkInvalid,
      es: "Ese enlace para entrar ya venció o ya se usó. Pida un enlace nuevo para entrar.",
    });

    const elsewhere = await messagesInBoth(ctx, "POST", "/api/portal/sessions", 403, {
      body: { token: "x".repeat(43) },
      headers: { Origin: "https://evil.example" },
    });
    assert.deepEqual(elsewhere, {
      en: PORTAL_MESSAGES.crossSite,
      es: "Esa solicitud no vino de las páginas de este sitio.",
    });

    const signedOut = await messagesInBoth(ctx, "GET", "/api/portal/sessions/current", 401);
    assert.deepEqual(signedOut, { en: "Authentication required", es: "Debe iniciar sesión" });
  } finally {
    await ctx.close();
  }
});
