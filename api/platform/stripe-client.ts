import Stripe from "stripe";
import type { StripeConfig } from "../config.ts";

/** Stripe's official client at `apiBase` (Stripe's own, or a local peer in tests and e2e). */
export function stripeClient(config: StripeConfig): Stripe {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: Number(base.port || (protocol === "http" ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/**
 * A Checkout Session in payment mode for one amount under one name: a deposit, a plan invoice. The metadata goes on
 * the session and its payment, where the webhook and a refund find what was paid.
 */
export async function oneLineCheckout(
  stripe: Stripe,
  input: {
    name: string;
    amountCents: number;
    email: string;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
  },
): Promise<Stripe.Checkout.Session> {
  const { name, amountCents, email, metadata, successUrl, cancelUrl } = input;
  return await stripe.checkout.sessions.create({
    mode: "payment",
    customer_email: email,
    metadata,
    payment_intent_data: { metadata },
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: amountCents, product_data: { name } } }],
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
}
