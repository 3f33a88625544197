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
