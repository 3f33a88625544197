import assert from "node:assert/strict";
import { createTestContext } from "../../../testing/context.ts";
import { messagesInBoth } from "../../../testing/languages.ts";
import { bookedAndSignedIn } from "../../../testing/portal.ts";

Deno.test("a visit or a photo that is not the customer's is refused in the page's language", async () => {
  const ctx = await createTestContext();
  try {
    const { token } = await bookedAndSignedIn(ctx, "vera.visits@example.com");
    assert.deepEqual(await messagesInBoth(ctx, "GET", "/api/portal/visits/nope", 404, { token }), {
      en: "Visit not found",
      es: "No se encontró la visita",
    });
    assert.deepEqual(await messagesInBoth(ctx, "GET", "/api/portal/photos/nope", 404, { token }), {
      en: "Photo not found",
      es: "No se encontró la foto",
    });
  } finally {
    await ctx.close();
  }
});
