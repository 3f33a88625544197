import { createTestContext, type TestContext } from "../../testing/context.ts";
import { silentLogger } from "../../testing/log.ts";
import { needsService } from "../../testing/services.ts";
import { startTwilioPeer, type TwilioPeer } from "../../testing/twilio-peer.ts";
import { memoryTransport, waitUntil } from "../../outbox/testing.ts";
import { startOutboxWorker } from "../../outbox/worker.ts";
import { smsChannel } from "../../outbox/sms/channel.ts";
import { createTextsStore } from "../../outbox/sms/texts.ts";
import { twilioSender } from "../../outbox/sms/twilio.ts";

export const TWILIO_SID = `AC${"a1".repeat(16)}`;
export const TWILIO_TOKEN = "twilio-test-auth-token";
export const PUBLIC_URL = "https://clearflow.test";
/** A test of texts against the Twilio peer: it needs Postgres (TEST_DATABASE_URL). */
export function textsTest(name: string, fn: () => Promise<void>) {
  Deno.test({
    name,
    ignore: needsService("TEST_DATABASE_URL").ignore,
    sanitizeResources: false,
    sanitizeOps: false,
    fn,
  });
}

/** A lease no held text's wait equals. */
const LEASE_MS = 3 * 24 * 3_600_000 + 7;

/**
 * A test context with texting set up against a local Twilio peer, whose webhooks reach the app in memory. `drain`
 * runs the one outbox worker (mail and sms) on the app's clock until nothing more is due.
 */
export async function textsContext(
  options: { now?: string; env?: Record<string, string> } = {},
): Promise<{ ctx: TestContext; peer: TwilioPeer; drain: () => Promise<void>; close: () => Promise<void> }> {
  let app: TestContext["app"] | null = null;
  const peer = startTwilioPeer({
    accountSid: TWILIO_SID,
    authToken: TWILIO_TOKEN,
    inboundUrl: `${PUBLIC_URL}/api/webhooks/twilio/sms`,
    post: (url, init) => Promise.resolve(app!.request(new URL(url).pathname, init)),
  });
  const ctx = await createTestContext({
    now: options.now,
    env: {
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM: "+17045550100",
      TWILIO_API_BASE: peer.origin,
      PUBLIC_URL,
      ...options.env,
    },
  });
  app = ctx.app;
  const now = () => ctx.clock.now();
  const sms = smsChannel({
    sql: ctx.sql,
    sender: twilioSender(ctx.config.twilio!),
    texts: createTextsStore(ctx.sql),
    audit: ctx.repos.audit,
    timeZone: ctx.config.businessTz,
    quietHours: ctx.config.twilio!.quietHours,
    statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/status`,
    now,
  });
  const drain = async () => {
    const worker = startOutboxWorker({
      sql: ctx.sql,
      transport: memoryTransport(),
      composer: ctx.outbox.composer,
      sms,
      log: silentLogger,
      pollMs: 60_000,
      maxAttempts: 3,
      leaseMs: LEASE_MS,
      now,
    });
    try {
      await waitUntil("the outbox is drained", async () => {
        // Due, or claimed by the pass under way (the clock stands still: a claim ends exactly a lease from now).
        const leaseEnd = new Date(now().getTime() + LEASE_MS);
        const due = await ctx.sql`
          select 1 from outbox
          where status = 'pending' and channel in ('mail', 'sms')
            and (next_attempt_at <= ${now()} or next_attempt_at = ${leaseEnd}) limit 1`;
        return due.length === 0;
      });
    } finally {
      await worker.stop();
    }
  };
  return {
    ctx,
    peer,
    drain,
    close: async () => {
      await peer.close();
      await ctx.close();
    },
  };
}
