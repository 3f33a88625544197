import assert from "node:assert/strict";
import { createTestContext } from "../../../testing/context.ts";
import { messagesInBoth } from "../../../testing/languages.ts";
import { bookedAndSignedIn } from "../../../testing/portal.ts";

Deno.test(
  "a rating of a visit not done, of no visit of theirs, or by a forged link is refused in the page's language",
  async () => {
    const ctx = await createTestContext();
    try {
      const { token, bookingId } = await bookedAndSignedIn(ctx, "rita.ratings@example.com");
      const rate = (id: string, status: number) =>
        messagesInBoth(ctx, "POST", "/api/portal/ratings", status, { token, body: { bookingId: id, stars: 5 } });
      assert.deepEqual(await rate(bookingId, 422), {
        en: "A visit can be rated once it is completed.",
        es: "Una visita se puede calificar una vez terminada.",
      });
      assert.deepEqual(await rate("nope", 404), { en: "Visit not found", es: "No se encontró la visita" });
      assert.deepEqual(await messagesInBoth(ctx, "GET", "/api/portal/ratings/forged", 404), {
        en: "That rating link is not valid.",
        es: "Ese enlace para calificar no es válido.",
      });
    } finally {
      await ctx.close();
    }
  },
);
