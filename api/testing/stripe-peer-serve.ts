import { startStripePeer } from "./stripe-peer.ts";

/**
 * The local Checkout peer as a process of its own, for the e2e site (e2e/server.mjs): it prints its origin, which the
 * API is then started with as STRIPE_API_BASE, and sends its signed webhooks to STRIPE_WEBHOOK_URL.
 */
const secret = Deno.env.get("STRIPE_WEBHOOK_SECRET");
const webhookUrl = Deno.env.get("STRIPE_WEBHOOK_URL");
if (!secret || !webhookUrl) throw new Error("STRIPE_WEBHOOK_SECRET and STRIPE_WEBHOOK_URL are required");
const peer = startStripePeer({ webhookSecret: secret, webhookUrl });
console.log(`stripe peer on ${peer.origin}`);
Deno.addSignalListener("SIGTERM", () => void peer.close().then(() => Deno.exit(0)));
