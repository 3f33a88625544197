import assert from "node:assert/strict";
import { waitUntil } from "./outbox/testing.ts";
import { emlFiles, freePort, startApiProcess, weekdayAhead } from "./testing/api-process.ts";
import { TEST_JWT_SECRET } from "./testing/context.ts";
import { createTestDatabase } from "./testing/database.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { type ReceivedSpan, startOtlpReceiver } from "./testing/otlp-receiver.ts";
import { needsService } from "./testing/services.ts";
import { traceTree } from "./testing/trace-tree.ts";

const postgres = needsService("TEST_DATABASE_URL");

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

Deno.test({
  name: "traces: a booking is one tree (route, transaction, statements, announce) and its e-mail's send links to it",
  ignore: postgres.ignore,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const receiver = startOtlpReceiver();
    const db = await createTestDatabase({ migrated: false });
    const dataDir = await Deno.makeTempDir();
    const port = freePort();
    const api = startApiProcess({
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      PORT: String(port),
      OTEL_DENO: "true",
      OTEL_SERVICE_NAME: "clearflow-api",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
    try {
      await api.logged('"msg":"mail worker started"');
      const res = await fetch(`http://127.0.0.1:${port}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(bookingBody({ cleaningDate: weekdayAhead(), email: "traced@example.com" })),
      });
      assert.equal(res.status, 201, await res.text());
      // The customer's confirmation and the business's copy, sent by the worker of the same process.
      await waitUntil("both e-mails to be written", async () => (await emlFiles(dataDir)).length === 2, 20_000);
      const log = await api.logged('"msg":"mail sent"');
      // Deno's exporter sends in batches: what is left goes when the process ends.
      assert.equal((await api.stop()).code, 0);
      assert.deepEqual(receiver.refused, []);

      const spans = receiver.spans.filter((s) => s.service === "clearflow-api");
      const route = one(spans, (s) => s.name === "POST /api/bookings");
      assert.equal(route.kind, SERVER);
      assert.equal(route.parentSpanId, "", "the route is the root of its trace");
      assert.equal(route.attributes["http.route"], "/api/bookings");
      assert.equal(route.attributes["http.response.status_code"], 201);
      const trace = spans.filter((s) => s.traceId === route.traceId);
      const byId = new Map(trace.map((s) => [s.spanId, s]));
      for (const s of trace) if (s !== route) assert.ok(byId.has(s.parentSpanId), `${s.name}'s parent is in the tree`);

      const transaction = one(trace, (s) => s.name === "booking.create");
      assert.equal(transaction.parentSpanId, route.spanId);
      // The transaction's statements, from its BEGIN to its COMMIT, the outbox's rows among them.
      const statements = trace
        .filter((s) => s.parentSpanId === transaction.spanId)
        .sort((a, b) => (a.startNanos < b.startNanos ? -1 : 1));
      assert.ok(statements.every((s) => s.kind === CLIENT && s.attributes["db.system.name"] === "postgresql"));
      assert.equal(statements.at(0)?.name, "db/transaction.ts begin");
      assert.equal(statements.at(-1)?.name, "db/transaction.ts commit");
      assert.ok(statements.some((s) => s.name === "outbox/store.ts insert outbox"));
      const announce = one(trace, (s) => s.name === "realtime.announce");
      assert.equal(announce.parentSpanId, route.spanId, "told after the commit, still the request's work");
      assert.deepEqual(announce.attributes["realtime.events"], ["newBooking"]);
      assert.ok(announce.startNanos >= transaction.endNanos, "the announce follows the commit");

      // Each send is a trace of its own, later, in the worker, linked to the transaction that wrote its row.
      const sends = spans.filter((s) => s.name === "outbox.send mail");
      assert.equal(sends.length, 2);
      for (const send of sends) {
        assert.equal(send.kind, CONSUMER);
        assert.equal(send.parentSpanId, "");
        assert.notEqual(send.traceId, route.traceId);
        assert.deepEqual(send.links, [{ traceId: route.traceId, spanId: transaction.spanId }]);
      }
      assert.deepEqual(sends.map((s) => s.attributes["outbox.kind"]).sort(), [
        "booking-received",
        "business-new-booking",
      ]);
      // The worker's polls, outside any trace, made none.
      assert.ok(!spans.some((s) => s.name === "outbox.claim" && s.parentSpanId === ""));

      // The log lines carry their trace: the request's and the sends'.
      const lines = log
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const request = lines.find((l) => l.msg === "request" && l.path === "/api/bookings");
      assert.equal(request?.traceId, route.traceId);
      const sent = lines.filter((l) => l.msg === "mail sent").map((l) => l.traceId);
      assert.ok(sent.length > 0 && sent.every((id) => sends.some((s) => s.traceId === id)));
    } finally {
      await api.stop();
      await receiver.close();
      await db.close();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});

function one(spans: ReceivedSpan[], test: (s: ReceivedSpan) => boolean): ReceivedSpan {
  const found = spans.filter(test);
  // On a failure, the trace as it came, to see what is missing or misplaced.
  const seen = traceTree(spans);
  assert.equal(found.length, 1, `one span expected, found ${found.map((s) => s.name).join(", ") || "none"}:\n${seen}`);
  return found[0]!;
}
