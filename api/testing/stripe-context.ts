import { createTestContext } from "./context.ts";
import { startStripePeer, stripeEnv } from "./stripe-peer.ts";

/** A test's API paying through a Stripe peer (webhooks signed with `webhookSecret`), bookings not rate-limited. */
export async function stripeTestContext(webhookSecret: string) {
  const stripe = startStripePeer({ webhookSecret });
  const ctx = await createTestContext({ env: { ...stripeEnv(stripe, webhookSecret), BOOKING_LIMIT_PER_HOUR: "1000" } });
  return {
    stripe,
    ctx,
    close: async () => {
      await ctx.close();
      await stripe.close();
    },
  };
}
