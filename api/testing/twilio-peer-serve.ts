import { startTwilioPeer } from "./twilio-peer.ts";

/**
 * The local Twilio peer as a process of its own, for the e2e site: it prints its origin, which the API is then started
 * with as TWILIO_API_BASE (with the same TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN), posts inbound texts to
 * TWILIO_INBOUND_URL (PUBLIC_URL + /api/webhooks/twilio/sms) and reports each text as sent, then delivered.
 */
const accountSid = Deno.env.get("TWILIO_ACCOUNT_SID");
const authToken = Deno.env.get("TWILIO_AUTH_TOKEN");
const inboundUrl = Deno.env.get("TWILIO_INBOUND_URL");
if (!accountSid || !authToken || !inboundUrl) {
  throw new Error("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_INBOUND_URL are required");
}
const peer = startTwilioPeer({
  accountSid,
  authToken,
  inboundUrl,
  number: Deno.env.get("TWILIO_FROM"),
  autoDeliver: true,
});
console.log(`twilio peer on ${peer.origin}`);
Deno.addSignalListener("SIGTERM", () => void peer.close().then(() => Deno.exit(0)));
