import assert from "node:assert/strict";
import { io as connectSocket } from "socket.io-client";
import { startServer } from "./server.ts";
import { createTestContext } from "./testing/context.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { startTestWorker } from "./testing/mail.ts";
import { stripeSignature } from "./testing/stripe-peer.ts";
import { startMetricsServer } from "./platform/metrics-server.ts";
import { readOutboxWith } from "./platform/metrics.ts";
import { outboxFigures } from "./outbox/figures.ts";
import type { MailTransport } from "./outbox/mail/transport.ts";

const WEBHOOK_SECRET = "whsec_metrics_test";

/** The values of a series in a scrape, one per label set that includes `labels`. */
function values(text: string, name: string, labels: Record<string, string> = {}): number[] {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const found: number[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(/,(?=[a-zA-Z_]\w*=")/);
    if (wanted.every((pair) => have.includes(pair))) found.push(Number(match[3]));
  }
  return found;
}

/** One sample: the series' value, 0 when it is not there (yet). */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => values(text, name, labels)[0] ?? 0;

/** The sum over every label set matching `labels` (e.g. a histogram's count over all statements). */
const total = (text: string, name: string, labels: Record<string, string> = {}) =>
  values(text, name, labels).reduce((sum, value) => sum + value, 0);

Deno.test(
  "metrics: each series on the metrics port moves when its thing happens, and no label holds customer data",
  async (t) => {
    const ctx = await createTestContext({
      env: { STRIPE_SECRET_KEY: "sk_test_local", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: null });
    const metrics = await startMetricsServer(0, "127.0.0.1");
    readOutboxWith(outboxFigures(ctx.sql));
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
      return await res.text();
    };
    const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const email = `metrics.${crypto.randomUUID().slice(0, 8)}@example.com`;
    let bookingId = "";
    try {
      await t.step("the public port does not serve them, the metrics port answers nothing but /metrics", async () => {
        assert.notEqual((await api("GET", "/metrics")).headers.get("content-type"), "text/plain; version=0.0.4");
        const other = await fetch(`http://127.0.0.1:${metrics.port}/api/healthz`);
        assert.equal(other.status, 404);
        await other.body?.cancel();
      });

      await t.step(
        "a booking: HTTP by route pattern, bookings by source, statements by name, outbox depth",
        async () => {
          const before = await scrape();
          const made = await api("POST", "/api/bookings", bookingBody({ email }));
          assert.equal(made.status, 201, await made.clone().text());
          bookingId = ((await made.json()) as { data: { _id: string } }).data._id;
          const read = await api("GET", `/api/bookings/${bookingId}`, undefined, {
            Authorization: `Bearer ${ctx.adminToken}`,
          });
          assert.equal(read.status, 200);
          await read.body?.cancel();
          const after = await scrape();
          const moved = (name: string, labels: Record<string, string>) =>
            assert.ok(sample(after, name, labels) > sample(before, name, labels), `${name} ${JSON.stringify(labels)}`);
          moved("http_requests_total", { route: "/api/bookings", method: "POST", status: "201" });
          moved("http_requests_total", { route: "/api/bookings/:id", method: "GET", status: "200" });
          moved("http_request_duration_seconds_count", { route: "/api/bookings" });
          moved("bookings_created_total", { source: "web" });
          moved("realtime_events_emitted_total", { event: "newBooking" });
          assert.ok(total(after, "db_query_duration_seconds_count") > total(before, "db_query_duration_seconds_count"));
          assert.ok(sample(after, "outbox_messages", { channel: "mail", state: "pending" }) >= 1);
          assert.ok(sample(after, "outbox_oldest_due_age_seconds", { channel: "mail" }) >= 0);
          assert.match(after, /^db_pool_connections_in_use \d+$/m);
          assert.match(after, /^db_pool_waiting \d+$/m);
          // A statement is named where it runs: its file and table, or the name its comment gives.
          assert.match(after, /db_query_duration_seconds_count\{statement="outbox\.depth"\}/);
          assert.match(
            after,
            /db_query_duration_seconds_count\{statement="features\/bookings\/repo\.ts select bookings"\}/,
          );
          // Route patterns only: the booking's id, its customer's e-mail and name are in no label.
          assert.ok(!after.includes(bookingId), "a booking id in a label");
          assert.ok(!after.includes(email), "an e-mail in a label");
        },
      );

      await t.step(
        "the worker's sends by channel and outcome, its lease claims; the oldest due age drops",
        async () => {
          const before = await scrape();
          const sent: unknown[] = [];
          const transport: MailTransport = {
            describe: "recording",
            send: (message) => {
              sent.push(message.to);
              return Promise.resolve();
            },
            close: () => {},
          };
          const worker = startTestWorker(ctx, transport);
          try {
            const counted = (figures: string) =>
              sample(figures, "outbox_sends_total", { channel: "mail", outcome: "sent" }) >
                sample(before, "outbox_sends_total", { channel: "mail", outcome: "sent" }) &&
              sample(figures, "outbox_messages", { channel: "mail", state: "pending" }) === 0;
            let after = before;
            // Up to 30 s: the loop ends as soon as the worker's send is counted, which on a loaded machine took over
            // 5 s. No message pending is not enough: a message the worker has claimed is not pending, nor sent yet.
            for (let i = 0; i < 1200 && !counted(after); i++) {
              await new Promise((resolve) => setTimeout(resolve, 25));
              after = await scrape();
            }
            assert.ok(sent.length > 0, "the worker sent the booking's e-mails");
            assert.ok(
              sample(after, "outbox_sends_total", { channel: "mail", outcome: "sent" }) >
                sample(before, "outbox_sends_total", { channel: "mail", outcome: "sent" }),
            );
            assert.ok(
              sample(after, "outbox_worker_lease_total", { result: "renewed" }) >
                sample(before, "outbox_worker_lease_total", { result: "renewed" }),
            );
            assert.ok(sample(after, "outbox_messages", { channel: "mail", state: "sent" }) >= 1);
            assert.equal(sample(after, "outbox_oldest_due_age_seconds", { channel: "mail" }), 0);
          } finally {
            await worker.stop();
          }
        },
      );

      await t.step(
        "a staff socket by role, then gone; a payment by method; webhooks verified and refused",
        async () => {
          const before = await scrape();
          const role = ctx.admin.role;
          const socket = connectSocket(server.url, { transports: ["websocket"], auth: { token: ctx.adminToken } });
          await new Promise<void>((resolve, reject) => {
            socket.once("connect", resolve);
            socket.once("connect_error", reject);
          });
          const connected = await scrape();
          assert.equal(
            sample(connected, "realtime_connected_sockets", { role }),
            sample(before, "realtime_connected_sockets", { role }) + 1,
          );
          socket.disconnect();
          let gone = connected;
          for (let i = 0; i < 100 && sample(gone, "realtime_connected_sockets", { role }) > 0; i++) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            gone = await scrape();
          }
          assert.equal(sample(gone, "realtime_connected_sockets", { role }), 0);

          await ctx.asAdmin("PUT", `/api/bookings/${bookingId}`, { body: { status: "completed" } });
          const invoice = await ctx.asAdmin<{ data: { _id: string } }>("POST", `/api/bookings/${bookingId}/invoice`);
          assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
          const paid = await ctx.asAdmin("POST", `/api/invoices/${invoice.body.data._id}/payments`, {
            body: { method: "cash", amountCents: 100 },
            headers: { "Idempotency-Key": crypto.randomUUID() },
          });
          assert.equal(paid.status, 201, JSON.stringify(paid.body));

          const refused = await api(
            "POST",
            "/api/webhooks/stripe",
            { id: "evt_1" },
            { "Stripe-Signature": "t=1,v1=00" },
          );
          assert.equal(refused.status, 400);
          await refused.body?.cancel();
          const payload = JSON.stringify({ id: "evt_metrics", type: "customer.created", data: { object: {} } });
          const verified = await fetch(`${server.url}/api/webhooks/stripe`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "Stripe-Signature": stripeSignature(payload, WEBHOOK_SECRET),
            },
            body: payload,
          });
          assert.equal(verified.status, 200, await verified.clone().text());
          await verified.body?.cancel();

          const after = await scrape();
          const moved = (name: string, labels: Record<string, string>) =>
            assert.ok(sample(after, name, labels) > sample(before, name, labels), `${name} ${JSON.stringify(labels)}`);
          moved("payments_recorded_total", { method: "cash" });
          moved("webhook_events_total", { provider: "stripe", result: "refused" });
          moved("webhook_events_total", { provider: "stripe", result: "verified" });
        },
      );

      await t.step("the process: event-loop lag, heap, CPU", async () => {
        const text = await scrape();
        for (const name of [
          "nodejs_eventloop_lag_seconds",
          "nodejs_heap_size_used_bytes",
          "process_cpu_seconds_total",
        ]) {
          assert.match(text, new RegExp(`^${name} [\\d.e+-]+$`, "m"), name);
        }
        assert.ok(sample(text, "nodejs_heap_size_used_bytes") > 0);
      });
    } finally {
      await metrics.close();
      await server.close();
      await ctx.close();
    }
  },
);

Deno.test("metrics: the Redis adapter's connection errors are counted", async () => {
  const ctx = await createTestContext();
  const metrics = await startMetricsServer(0, "127.0.0.1");
  const scrape = async () => await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
  const errors = (text: string) => total(text, "realtime_redis_adapter_errors_total");
  const before = errors(await scrape());
  // Nothing listens on port 1: every connection attempt of the adapter's clients fails.
  const server = await startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl: "redis://127.0.0.1:1" });
  try {
    let after = before;
    for (let i = 0; i < 1500 && after === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = errors(await scrape());
    }
    assert.ok(after > before, "an adapter error was counted");
  } finally {
    await server.close();
    await metrics.close();
    await ctx.close();
  }
});
