// The restore drill on a short day of the office's own: customers book, the office invoices and takes payments
// while pg_dump runs in the middle of it; the backup is restored into a new database, the API is started on it,
// and everything acknowledged before the backup began is there, and the invoice numbers go on from the backup's
// last without a gap or a repeat. The whole day across three instances (npm run simulate) runs the same drill.
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServer } from "../server.ts";
import { createTestContext, type TestContext } from "../testing/context.ts";
import { createTestDatabase, TEST_DATABASE_URL } from "../testing/database.ts";
import { bookingBody } from "../testing/fixtures.ts";
import { backup, restore } from "./backup.ts";

interface Acknowledged {
  bookings: string[];
  invoices: Map<string, { number: string; payments: number }>;
}

/** One customer's booking, invoiced by the office and paid in part: each step recorded once acknowledged. */
async function oneVisit(ctx: TestContext, n: number, done: Acknowledged): Promise<void> {
  const booked = await ctx.request<{ data: { _id: string } }>("POST", "/api/bookings", {
    body: bookingBody({ email: `drill.${n}@example.com`, lastName: `Drill${n}` }),
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  const id = booked.body.data._id;
  done.bookings.push(id);
  const invoice = await ctx.asAdmin<{ data: { _id: string; number: string } }>("POST", `/api/bookings/${id}/invoice`);
  assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
  done.invoices.set(id, { number: invoice.body.data.number, payments: 0 });
  const paid = await ctx.asAdmin("POST", `/api/invoices/${invoice.body.data._id}/payments`, {
    body: { method: n % 2 ? "cash" : "check", amountCents: 1000 + n },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  assert.equal(paid.status, 201, JSON.stringify(paid.body));
  done.invoices.get(id)!.payments = 1;
}

Deno.test({
  name: "restore drill: a backup taken mid-day restores everything acknowledged before it, and invoice numbers go on",
  ignore: !TEST_DATABASE_URL,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "clearflow-drill-" });
    const ctx = await createTestContext({ env: { SLOT_CAPACITY: "100", BOOKING_LIMIT_PER_HOUR: "100000" } });
    const file = join(dir, "mid-day.dump");
    const live: Acknowledged = { bookings: [], invoices: new Map() };
    let before: Acknowledged;
    try {
      // The morning; then the backup while the afternoon's visits are being written.
      for (let n = 0; n < 6; n++) await oneVisit(ctx, n, live);
      before = { bookings: [...live.bookings], invoices: new Map([...live.invoices].map(([k, v]) => [k, { ...v }])) };
      const afternoon = (async () => {
        for (let n = 6; n < 12; n++) await oneVisit(ctx, n, live);
      })();
      await backup({ databaseUrl: ctx.db.url }, file);
      await afternoon;
    } finally {
      await ctx.close();
    }

    const restoredDb = await createTestDatabase({ migrated: false });
    try {
      await restore({ databaseUrl: restoredDb.url }, file);
      // The API on the restored database, over HTTP as a client would meet it.
      const restored = await createTestContext({ db: restoredDb, env: { SLOT_CAPACITY: "100" } });
      const server = await startServer({ deps: restored.deps, host: "127.0.0.1", port: 0, redisUrl: null });
      try {
        const call = async <T>(method: string, path: string, body?: unknown) => {
          const res = await fetch(`${server.url}${path}`, {
            method,
            headers: { Authorization: `Bearer ${restored.adminToken}`, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, body: (await res.json()) as T };
        };
        for (const id of before.bookings) {
          const found = await call<{ invoice: { number: string; payments: unknown[] } | null }>(
            "GET",
            `/api/bookings/${id}`,
          );
          assert.equal(found.status, 200, `booking ${id} acknowledged before the backup`);
          const invoice = before.invoices.get(id);
          if (!invoice) continue;
          assert.equal(found.body.invoice?.number, invoice.number, `the invoice of ${id}`);
          assert.ok(found.body.invoice!.payments.length >= invoice.payments, `the payments of ${id}`);
        }
        // The backup's numbers run without a gap; the next one follows its last, whatever came after the backup.
        const [{ n, last }] = await restoredDb.sql<{ n: number; last: string }[]>`
          select count(*)::int as n, max(number) as last from invoices`;
        const digits = (number: string) => Number(/(\d+)$/.exec(number)![1]);
        assert.equal(digits(last), n, "invoices 1..N, none missing");
        const booked = await call<{ data: { _id: string } }>(
          "POST",
          "/api/bookings",
          bookingBody({ email: "next@example.com" }),
        );
        assert.equal(booked.status, 201);
        const next = await call<{ data: { number: string } }>("POST", `/api/bookings/${booked.body.data._id}/invoice`);
        assert.equal(next.status, 201);
        assert.equal(digits(next.body.data.number), digits(last) + 1, `after ${last}`);
        assert.ok(n >= before.invoices.size);
      } finally {
        await server.close();
      }
    } finally {
      await restoredDb.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
