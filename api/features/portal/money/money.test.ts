import assert from "node:assert/strict";
import type { DataEnvelope, ErrorBody } from "../../../contracts/common/wire.ts";
import type { Estimate } from "../../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../../contracts/invoices/invoice.ts";
import type {
  PortalEstimate,
  PortalEstimates,
  PortalInvoice,
  PortalInvoices,
} from "../../../contracts/portal/money.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { newBooking, priceBookByName } from "../../../testing/estimates.ts";
import { signInCustomer } from "../../../testing/portal.ts";

type Body = ErrorBody;

const idsOf = (...lists: { _id: string }[][]) => lists.map((list) => list.map((d) => d._id));

async function estimateFor(ctx: TestContext, bookingId: string, send = true): Promise<Estimate> {
  const guard = (await priceBookByName(ctx)).get("Bird guard")!;
  const made = await ctx.asAdmin<DataEnvelope<Estimate> & Body>("POST", "/api/estimates", {
    body: { bookingId, options: [{ title: "Guard", lines: [{ priceBookItemId: guard._id, quantity: 2 }] }] },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  if (send) assert.equal((await ctx.asAdmin("POST", `/api/estimates/${made.body.data._id}/send`)).status, 200);
  return made.body.data;
}

async function invoiceFor(ctx: TestContext, bookingId: string): Promise<Invoice> {
  const made = await ctx.asAdmin<DataEnvelope<Invoice> & Body>("POST", `/api/bookings/${bookingId}/invoice`);
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body.data;
}

Deno.test("the customer's estimates and invoices: theirs alone, with the links to act on them", async (t) => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "6" } });
  try {
    const dana = { email: "dana.whitfield@example.com" };
    const [first, second, third, voided] = [
      await newBooking(ctx, { ...dana, cleaningTime: "9:00 AM" }),
      await newBooking(ctx, { email: "Dana.Whitfield@example.com", cleaningTime: "10:00 AM" }),
      await newBooking(ctx, { ...dana, cleaningTime: "11:00 AM" }),
      await newBooking(ctx, { ...dana, cleaningTime: "1:00 PM" }),
    ];
    const rita = await newBooking(ctx, { email: "rita@example.com", cleaningTime: "9:00 AM" });

    const toApprove = await estimateFor(ctx, first);
    const approved = await estimateFor(ctx, second);
    const ok = await ctx.request("POST", `/api/estimates/by-token/${approved.token}/approve`, {
      body: { optionId: approved.options[0]!._id, signedBy: "Dana Whitfield" },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const declined = await estimateFor(ctx, third);
    assert.equal(
      (await ctx.request("POST", `/api/estimates/by-token/${declined.token}/decline`, { body: {} })).status,
      200,
    );
    const draft = await estimateFor(ctx, third, false);
    const ritas = await estimateFor(ctx, rita);

    const open = await invoiceFor(ctx, first);
    const paid = await invoiceFor(ctx, second);
    const payment = await ctx.asAdmin<Body>("POST", `/api/invoices/${paid._id}/payments`, {
      body: { method: "cash", amountCents: paid.totalCents },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assert.equal(payment.status, 201, JSON.stringify(payment.body));
    const gone = await invoiceFor(ctx, voided);
    assert.equal(
      (await ctx.asAdmin("POST", `/api/invoices/${gone._id}/void`, { body: { reason: "Duplicate" } })).status,
      200,
    );
    const ritasInvoice = await invoiceFor(ctx, rita);

    const danaToken = await signInCustomer(ctx, dana.email);
    const ritaToken = await signInCustomer(ctx, "rita@example.com");
    const get = <T>(path: string, token = danaToken) => ctx.request<T & Body>("GET", path, { token });

    await t.step("estimates: sent ones to approve, approved ones; drafts, declined and others' left out", async () => {
      const res = await get<DataEnvelope<PortalEstimates>>("/api/portal/estimates");
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.headers.get("Cache-Control"), "private, no-store");
      const { toApprove: open, approved: done } = res.body.data;
      assert.deepEqual(idsOf(open, done), [[toApprove._id], [approved._id]]);
      const listed: PortalEstimate = open[0]!;
      assert.equal(listed.url, `/estimates/${toApprove.token}`);
      assert.equal(listed.pdfUrl, `/api/estimates/by-token/${toApprove.token}/pdf`);
      assert.equal(listed.bookingId, first);
      assert.equal(listed.options[0]!.totalCents, toApprove.options[0]!.totalCents);
      assert.equal(done[0]!.approval?.signedBy, "Dana Whitfield");
      // What only staff read stays out: no author, no bare token, no staff signature address.
      for (const field of ["createdBy", "token", "sentAt", "updatedAt"]) assert.ok(!(field in listed), field);
      const ids = [...open, ...done].map((e) => e._id);
      for (const hidden of [declined._id, draft._id, ritas._id]) assert.ok(!ids.includes(hidden));
    });

    await t.step("the estimate's link approves through its own page, and the list follows", async () => {
      const page = await ctx.request("POST", `/api/estimates/by-token/${toApprove.token}/approve`, {
        body: { optionId: toApprove.options[0]!._id, signedBy: "Dana Whitfield" },
      });
      assert.equal(page.status, 200, JSON.stringify(page.body));
      const res = await get<DataEnvelope<PortalEstimates>>("/api/portal/estimates");
      assert.deepEqual(res.body.data.toApprove, []);
      assert.deepEqual(res.body.data.approved.map((e) => e._id).sort(), [toApprove._id, approved._id].sort());
    });

    await t.step("invoices: open with its balance and Pay now's page, paid with its payments and PDF", async () => {
      const res = await get<DataEnvelope<PortalInvoices>>("/api/portal/invoices");
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const { open: owed, paid: settled } = res.body.data;
      assert.deepEqual(idsOf(owed, settled), [[open._id], [paid._id]]);
      const due: PortalInvoice = owed[0]!;
      assert.deepEqual([due.status, due.balanceCents, due.totalCents], ["open", open.totalCents, open.totalCents]);
      assert.equal(due.url, `/invoices/${open.token}`);
      assert.equal(due.payOnline, false, "no online payment without Stripe's keys");
      const receipt = settled[0]!;
      assert.equal(receipt.balanceCents, 0);
      assert.deepEqual(
        receipt.payments.map((p) => [p.method, p.amountCents, p.refundedCents]),
        [["cash", paid.totalCents, 0]],
      );
      assert.ok(!("by" in receipt.payments[0]!) && !("reference" in receipt.payments[0]!));
      const pdf = await ctx.request("GET", receipt.pdfUrl);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get("Content-Type"), "application/pdf");
      for (const field of ["token", "adjustments", "voidReason"]) assert.ok(!(field in due), field);
    });

    await t.step("another customer's estimate or invoice is not found, however its id was learnt", async () => {
      for (const path of [`/api/portal/estimates/${ritas._id}`, `/api/portal/invoices/${ritasInvoice._id}`]) {
        const res = await get(path);
        assert.equal(res.status, 404, path);
      }
      for (const path of [`/api/portal/estimates/${declined._id}`, `/api/portal/invoices/${gone._id}`]) {
        assert.equal((await get(path)).status, 404, path);
      }
      assert.equal((await get("/api/portal/estimates/not-a-uuid")).status, 404);
      const mine = await get<DataEnvelope<PortalInvoice>>(`/api/portal/invoices/${open._id}`);
      assert.equal(mine.status, 200);
      assert.equal(mine.body.data.number, open.number);
      const theirs = await get<DataEnvelope<PortalInvoice>>(`/api/portal/invoices/${ritasInvoice._id}`, ritaToken);
      assert.equal(theirs.status, 200);
      const ritaList = await get<DataEnvelope<PortalEstimates>>("/api/portal/estimates", ritaToken);
      assert.deepEqual(
        ritaList.body.data.toApprove.map((e) => e._id),
        [ritas._id],
      );
    });

    await t.step("a customer's session cannot record a payment, nor a staff token read the portal", async () => {
      const paying = await ctx.request<Body>("POST", `/api/invoices/${open._id}/payments`, {
        token: danaToken,
        body: { method: "cash", amountCents: 100 },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      assert.equal(paying.status, 403);
      const staff = await ctx.asAdmin("GET", "/api/portal/invoices");
      assert.equal(staff.status, 403);
      assert.equal((await ctx.request("GET", "/api/portal/estimates")).status, 401);
    });
  } finally {
    await ctx.close();
  }
});
