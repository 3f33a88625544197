import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { ReportSummary } from "../../contracts/reports/reports.ts";
import { createTestContext } from "../../testing/context.ts";
import { newBooking } from "../../testing/estimates.ts";

const DAY = 24 * 60 * 60 * 1000;

Deno.test(
  "reports: money collected, refunded and owed, by method and by age, against a hand-computed set",
  async (t) => {
    const ctx = await createTestContext({ env: { BOOKING_LIMIT_PER_HOUR: "1000" } });
    try {
      const invoices: Invoice[] = [];
      for (let i = 0; i < 4; i++) {
        const bookingId = await newBooking(ctx, {
          email: `c${i}@example.com`,
          cleaningTime: ["9:00 AM", "10:00 AM", "11:00 AM", "1:00 PM"][i],
        });
        const made = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`);
        invoices.push(made.body.data);
      }
      // Each is two units of air duct cleaning, 10 % off, no tax: $358.20.
      assert.ok(invoices.every((i) => i.totalCents === 35820));
      const pay = async (invoice: Invoice, method: string, amountCents: number, reference = "") => {
        const res = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/invoices/${invoice._id}/payments`, {
          body: { method, amountCents, reference },
          headers: { "Idempotency-Key": crypto.randomUUID() },
        });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body.data;
      };
      const [a, b, c, d] = invoices as [Invoice, Invoice, Invoice, Invoice];
      const paidA = await pay(a, "cash", 10000);
      await pay(a, "check", 25820, "=1042");
      await ctx.asAdmin("POST", `/api/payments/${paidA.payments[0]!._id}/refunds`, {
        body: { amountCents: 5000, reason: "Goodwill" },
      });
      await pay(b, "card", 20000, "4242");
      await ctx.asAdmin("POST", `/api/invoices/${d._id}/void`, { body: { reason: "Duplicate" } });
      // b was due 100 days ago, c 45 days ago; a is due in 14 days.
      const now = ctx.clock.now().getTime();
      await ctx.sql`update invoices set due_at = ${new Date(now - 100 * DAY)} where id = ${b._id}`;
      await ctx.sql`update invoices set due_at = ${new Date(now - 45 * DAY)} where id = ${c._id}`;

      await t.step("the summary's money figures", async () => {
        const res = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-03-01&to=2026-03-31");
        assert.equal(res.status, 200);
        const s = res.body;
        assert.equal(s.collectedCents, 10000 + 25820 + 20000);
        assert.equal(s.refundedCents, 5000);
        assert.deepEqual(s.paymentsByMethod, { cash: 10000, check: 25820, card: 20000, online: 0 });
        // Owed: a 5000 (refunded back to owing), b 15820, c 35820; d is void.
        assert.equal(s.outstandingCents, 5000 + 15820 + 35820);
        assert.deepEqual(s.receivables, { current: 5000, days31to60: 35820, days61to90: 0, over90: 15820 });
        assert.deepEqual(
          s.openInvoices.map((i) => [i.number, i.balanceCents, i.daysLate]),
          [
            [b.number, 15820, 100],
            [c.number, 35820, 45],
            [a.number, 5000, -14],
          ],
        );
        assert.equal(s.openInvoices[0]!.customer, "Dana Whitfield");
        const february = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-02-01&to=2026-02-28");
        assert.equal(february.body.collectedCents, 0, "payments count by the day they were made");
        assert.equal(february.body.outstandingCents, s.outstandingCents, "what is owed is as of today");
      });

      await t.step("invoices.csv and payments.csv: one row each, plain dollars, the formula guard", async () => {
        const csv = async (name: string) => {
          const res = await ctx.app.request(`/api/reports/${name}?from=2026-03-01&to=2026-03-31`, {
            headers: { Authorization: `Bearer ${ctx.adminToken}` },
          });
          assert.equal(res.status, 200);
          assert.match(res.headers.get("Content-Type")!, /^text\/csv/);
          assert.match(res.headers.get("Content-Disposition")!, new RegExp(`${name.replace(".csv", "")}-2026-03-01`));
          const bytes = new Uint8Array(await res.arrayBuffer());
          assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a UTF-8 BOM");
          return new TextDecoder().decode(bytes).trimEnd().split("\r\n");
        };
        const inv = await csv("invoices.csv");
        assert.equal(inv[0], "Invoice,Issued,Due,Status,Customer,E-mail,Subtotal,Tax,Total,Paid,Balance,Booking ID");
        assert.equal(inv.length, 5);
        assert.equal(
          inv[1],
          `${a.number},2026-03-02,2026-03-16,partially_paid,Dana Whitfield,c0@example.com,358.20,0.00,358.20,308.20,50.00,${a.bookingId}`,
        );
        assert.match(inv[4]!, /,void,.*,358\.20,0\.00,0\.00,/);
        const pays = await csv("payments.csv");
        assert.equal(pays.length, 4);
        assert.match(
          pays[0]!,
          /^Payment ID,Date,Received at \(UTC\),Invoice,Customer,Method,Reference,Amount,Refunded/,
        );
        assert.ok(
          pays.some((row) => row.includes(",check,'=1042,258.20,0.00,")),
          "a reference is guarded as text",
        );
        assert.ok(pays.some((row) => row.includes(",cash,,100.00,50.00,")));
      });

      await t.step("technicians and visitors may not read the money", async () => {
        for (const path of ["/api/reports/invoices.csv", "/api/reports/payments.csv"]) {
          assert.equal((await ctx.request("GET", `${path}?from=2026-03-01&to=2026-03-31`)).status, 401);
        }
      });
    } finally {
      await ctx.close();
    }
  },
);
