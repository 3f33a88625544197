import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import type { Page } from "../../contracts/common/paging.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type { Estimate, EstimatePublicView } from "../../contracts/estimates/estimate.ts";
import type { PriceBookDeleted } from "../../contracts/price-book/item.ts";
import type { JobDetails } from "../../contracts/visit/job.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { newBooking, priceBookByName, SIGNATURE } from "../../testing/estimates.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { PRICING_MESSAGES } from "./pricing.ts";

type One = DataEnvelope<Estimate> & ErrorBody;
type Public = DataEnvelope<EstimatePublicView> & ErrorBody;
const DAY = 24 * 60 * 60 * 1000;

Deno.test("estimates: priced by the server, scoped to the job, approved on site or through the link", async (t) => {
  const ctx = await createTestContext();
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    const bookingId = await newBooking(ctx);
    await assignJob(ctx, bookingId, ann.member._id);
    const book = await priceBookByName(ctx);
    const uv = book.get("UV light installation")!;
    const reroute = book.get("Dryer vent re-route")!;
    const blower = book.get("Blower motor cleaning")!;
    const as = (token: string) => ({
      post: (path: string, body: unknown, headers?: Record<string, string>) =>
        ctx.request<One>("POST", path, { token, body, headers }),
      get: <T = One>(path: string) => ctx.request<T>("GET", path, { token }),
    });
    const tech = as(ann.token);
    const other = as(bob.token);
    const office = as(ctx.adminToken);
    const tax = await ctx.asAdmin("PUT", "/api/settings", { body: { taxRatePercent: 8.25, taxLabel: "NC sales tax" } });
    assert.equal(tax.status, 200);

    const twoOptions = {
      bookingId,
      options: [
        { title: "Good", lines: [{ priceBookItemId: blower._id, quantity: 1 }] },
        {
          title: "Better",
          lines: [
            { priceBookItemId: blower._id, quantity: 1 },
            { priceBookItemId: uv._id, quantity: 1 },
            { priceBookItemId: reroute._id, quantity: 12 },
            { serviceId: "dryer-vent-cleaning", quantity: 1 },
          ],
        },
      ],
      message: "Found a crushed vent behind the dryer.",
    };
    let first: Estimate;

    await t.step("the assigned technician makes a two-option estimate, priced from the price book", async () => {
      const res = await tech.post("/api/estimates", twoOptions);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      first = res.body.data;
      assert.equal(first.number, "E-1001");
      assert.equal(first.status, "draft");
      assert.equal(first.bookingId, bookingId);
      assert.equal(first.taxLabel, "NC sales tax");
      assert.equal(first.createdBy, "Ann Tech");
      const [good, better] = first.options;
      assert.deepEqual(good!.lines, [
        { description: blower.name, quantity: 1, unitPriceCents: 17900, amountCents: 17900, taxable: false },
      ]);
      assert.deepEqual([good!.subtotalCents, good!.taxCents, good!.totalCents], [17900, 0, 17900], "nothing taxable");
      assert.deepEqual(
        better!.lines.map((l) => [l.description, l.quantity, l.unitPriceCents, l.amountCents, l.taxable]),
        [
          [blower.name, 1, 17900, 17900, false],
          [uv.name, 1, 44900, 44900, true],
          [reroute.name, 12, 1800, 21600, true],
          ["Dryer Vent Cleaning", 1, 9900, 9900, true],
        ],
      );
      // Taxable: 44900 + 21600 + 9900 = 76400; × 8.25 % = 6303 exactly. Once per document.
      assert.deepEqual([better!.subtotalCents, better!.taxCents, better!.totalCents], [94300, 6303, 100603]);
      assert.equal(first.expiresAt, new Date(Date.parse(first.createdAt) + 30 * DAY).toISOString());
      assert.match(first.token, /^[0-9a-f]{64}$/);
    });

    await t.step("tax is rounded half-up once for the whole estimate", async () => {
      // 3 × 1800 = 5400 at 8.25 % = 445.5 → 446 (per line, 3 × 148.5 → 3 × 149 = 447 would be wrong).
      const res = await office.post("/api/estimates", {
        bookingId,
        options: [
          {
            title: "Vents",
            lines: [
              { description: "Vent A", quantity: 1, unitPriceCents: 1800 },
              { description: "Vent B", quantity: 1, unitPriceCents: 1800 },
              { description: "Vent C", quantity: 1, unitPriceCents: 1800 },
            ],
          },
        ],
      });
      assert.equal(res.status, 201);
      assert.deepEqual([res.body.data.options[0]!.subtotalCents, res.body.data.options[0]!.taxCents], [5400, 446]);
    });

    await t.step("a technician's custom line is refused with 403 and nothing is written", async () => {
      const before = await rowCounts(ctx.sql);
      const res = await tech.post("/api/estimates", {
        bookingId,
        options: [{ title: "Cheap", lines: [{ description: "Whatever I say", quantity: 1, unitPriceCents: 1 }] }],
      });
      assert.equal(res.status, 403);
      assert.equal(res.body.message, PRICING_MESSAGES.customLine);
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("unknown items and services are 400 naming the field, and take no number", async () => {
      for (const line of [
        { priceBookItemId: crypto.randomUUID(), quantity: 1 },
        { serviceId: "nope", quantity: 1 },
      ]) {
        const res = await tech.post("/api/estimates", { bookingId, options: [{ title: "X", lines: [line] }] });
        assert.equal(res.status, 400);
        assert.match(res.body.message, /priceBookItemId|serviceId/);
      }
      const bad = await tech.post("/api/estimates", {
        bookingId,
        options: [{ title: "X", lines: [{ priceBookItemId: uv._id, quantity: 0 }] }],
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /Quantity/);
    });

    await t.step("another technician is told the booking and its estimates do not exist", async () => {
      assert.equal((await other.post("/api/estimates", twoOptions)).status, 404);
      assert.equal((await other.get(`/api/estimates/${first._id}`)).status, 404);
      assert.equal((await other.get(`/api/estimates?bookingId=${bookingId}`)).status, 404);
      assert.equal((await other.get(`/api/estimates/${first._id}/pdf`)).status, 404);
      assert.equal((await other.post(`/api/estimates/${first._id}/send`, {})).status, 404);
      const approve = { optionId: first.options[0]!._id, signedBy: "Dana", signature: SIGNATURE };
      assert.equal((await other.post(`/api/estimates/${first._id}/approve`, approve)).status, 404);
      assert.equal((await other.get(`/api/bookings/${bookingId}`)).status, 404);
      const mine = await tech.get<Page<Estimate>>(`/api/estimates?bookingId=${bookingId}&sort=number`);
      assert.deepEqual(
        mine.body.data.map((e) => e.number),
        ["E-1001", "E-1002"],
      );
    });

    await t.step("send e-mails the customer the link; the page shows no internal field", async () => {
      const sent = await tech.post(`/api/estimates/${first._id}/send`, {});
      assert.equal(sent.status, 200);
      assert.equal(sent.body.data.status, "sent");
      assert.equal(sent.body.data.sentAt, ctx.clock.now().toISOString());
      const [mail] = await ctx.sql<{ to_address: string; subject: string; text: string }[]>`
        select to_address, subject, message->>'text' as text from outbox where kind = 'estimate-sent'`;
      assert.equal(mail!.to_address, "dana.whitfield@example.com");
      assert.match(mail!.subject, /E-1001/);
      assert.ok(mail!.text.includes(`/estimates/${first.token}`), mail!.text);
      assert.ok(mail!.text.includes("$1,006.03"), "the Better option's total");

      const page = await ctx.request<Public>("GET", `/api/estimates/by-token/${first.token}`);
      assert.equal(page.status, 200);
      const view = page.body.data;
      for (const hidden of ["_id", "bookingId", "token", "createdBy", "sentAt", "updatedAt"]) {
        assert.equal(hidden in view, false, hidden);
      }
      assert.equal(view.status, "sent");
      assert.equal(view.customer.name, "Dana Whitfield");
      assert.equal(view.business.phone, ctx.config.profile.phone);
      assert.equal(view.options.length, 2);
    });

    await t.step("a customer's token never opens another's estimate; an unknown token is 404", async () => {
      const otherBooking = await newBooking(ctx, {
        email: "sam@example.com",
        firstName: "Sam",
        cleaningTime: "10:00 AM",
      });
      const theirs = await office.post("/api/estimates", {
        bookingId: otherBooking,
        options: [{ title: "Bird guard", lines: [{ priceBookItemId: book.get("Bird guard")!._id, quantity: 1 }] }],
      });
      const mine = await ctx.request<Public>("GET", `/api/estimates/by-token/${first.token}`);
      const seen = await ctx.request<Public>("GET", `/api/estimates/by-token/${theirs.body.data.token}`);
      assert.equal(mine.body.data.customer.name, "Dana Whitfield");
      assert.equal(seen.body.data.customer.name, "Sam Whitfield");
      assert.equal(seen.body.data.number, theirs.body.data.number);
      for (const token of ["0".repeat(64), "not-a-token", first.token.toUpperCase()]) {
        assert.equal((await ctx.request("GET", `/api/estimates/by-token/${token}`)).status, 404, token);
        const approve = await ctx.request("POST", `/api/estimates/by-token/${token}/approve`, {
          body: { optionId: first.options[0]!._id, signedBy: "Dana" },
        });
        assert.equal(approve.status, 404);
      }
    });

    await t.step(
      "approved through the link: the others declined, the office told, the customer's copy has the PDF",
      async () => {
        // The office's tablet and a technician's phone are subscribed to push: only the office hears of it.
        await ctx.sql`
        insert into push_subscriptions (staff_id, endpoint, p256dh, auth) values
          (${ctx.admin._id}, 'https://fcm.googleapis.com/fcm/send/office', 'k', 'a'),
          (${ann.member._id}, 'https://fcm.googleapis.com/fcm/send/ann', 'k', 'a')`;
        const better = first.options[1]!._id;
        const res = await ctx.request<Public>("POST", `/api/estimates/by-token/${first.token}/approve`, {
          body: { optionId: better, signedBy: "Dana Whitfield", signature: SIGNATURE },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.data.status, "approved");
        assert.equal(res.body.data.approvedOptionId, better);
        assert.equal(res.body.data.approval!.via, "link");
        assert.equal(res.body.data.approval!.signedBy, "Dana Whitfield");
        assert.equal("token" in res.body.data, false);

        const event = ctx.events.events.findLast((e) => e.event === "estimateApproved");
        assert.ok(event && event.event === "estimateApproved");
        assert.equal(event.payload.estimate._id, first._id);
        assert.equal(event.payload.customerName, "Dana Whitfield");

        const [copy] = await ctx.sql<
          { to_address: string; files: { filename: string; contentType: string; content: string }[] }[]
        >`
        select to_address, message->'attachments' as files from outbox where kind = 'estimate-approved'`;
        assert.equal(copy!.to_address, "dana.whitfield@example.com");
        const pdf = copy!.files.find((f) => f.filename === "estimate-E-1001.pdf");
        assert.ok(pdf, JSON.stringify(copy!.files.map((f) => f.filename)));
        assert.equal(pdf.contentType, "application/pdf");
        assert.ok(atob(pdf.content).startsWith("%PDF-"));

        const pushes = await ctx.sql<{ kind: string; to_address: string; title: string; body: string }[]>`
        select kind, to_address, subject as title, message->'payload'->>'body' as body
        from outbox where channel = 'push' and kind = 'push-estimate-approved'`;
        assert.equal(pushes.length, 1, "one notice, to the office's device only");
        assert.equal(pushes[0]!.title, "Estimate approved");
        assert.equal(pushes[0]!.body, "E-1001 · Better · $1,006.03 — Dana Whitfield");

        const [audit] = await ctx.sql<{ admin_email: string; admin_id: string | null }[]>`
        select admin_email, admin_id from audit_log where entity_type = 'estimate' and action = 'approve'`;
        assert.deepEqual(
          audit,
          { admin_email: "dana.whitfield@example.com", admin_id: null },
          "the customer, by e-mail",
        );
      },
    );

    await t.step("approving again: the same option answers the same estimate, another 409, a decline 409", async () => {
      const url = `/api/estimates/by-token/${first.token}`;
      const same = await ctx.request<Public>("POST", `${url}/approve`, {
        body: { optionId: first.options[1]!._id, signedBy: "Dana Whitfield" },
      });
      assert.equal(same.status, 200);
      assert.equal(same.body.data.approvedOptionId, first.options[1]!._id);
      assert.equal(same.body.data.approval!.signedBy, "Dana Whitfield");
      const other = await ctx.request<ErrorBody>("POST", `${url}/approve`, {
        body: { optionId: first.options[0]!._id, signedBy: "Dana Whitfield" },
      });
      assert.equal(other.status, 409);
      assert.equal((await ctx.request("POST", `${url}/decline`, { body: {} })).status, 409);
      assert.equal((await tech.post(`/api/estimates/${first._id}/send`, {})).status, 409);
      const unknown = await ctx.request<ErrorBody>("POST", `${url}/approve`, {
        body: { optionId: "no-such-option", signedBy: "Dana" },
      });
      assert.equal(unknown.status, 400);
      const approvals = await ctx.sql`select 1 from audit_log where entity_type = 'estimate' and action = 'approve'`;
      assert.equal(approvals.length, 1, "one approval, audited once");
    });

    await t.step("a declined estimate cannot be approved (409); declining again changes nothing", async () => {
      const made = await tech.post("/api/estimates", twoOptions);
      const { token, options } = made.body.data;
      const declined = await ctx.request<Public>("POST", `/api/estimates/by-token/${token}/decline`, {
        body: { reason: "Too much for now" },
      });
      assert.equal(declined.status, 200);
      assert.equal(declined.body.data.status, "declined");
      assert.equal(declined.body.data.decline!.reason, "Too much for now");
      const again = await ctx.request<Public>("POST", `/api/estimates/by-token/${token}/decline`, { body: {} });
      assert.equal(again.status, 200);
      assert.equal(again.body.data.decline!.reason, "Too much for now", "the first decline stands");
      const approve = await ctx.request("POST", `/api/estimates/by-token/${token}/approve`, {
        body: { optionId: options[0]!._id, signedBy: "Dana" },
      });
      assert.equal(approve.status, 409);
    });

    await t.step("on site, offline: device ids, its time bounded, replayed once by its key", async () => {
      // The booking was made the day before (the database stamps it with its own clock, not the test's).
      await ctx.sql`update bookings set created_at = ${new Date(ctx.clock.now().getTime() - DAY)} where id = ${bookingId}`;
      const estimateId = crypto.randomUUID();
      const optionIds = [crypto.randomUUID(), crypto.randomUUID()];
      const body = {
        ...twoOptions,
        _id: estimateId,
        options: twoOptions.options.map((o, i) => ({ ...o, _id: optionIds[i] })),
        // Made on the tablet ten minutes before it reached the server.
        at: new Date(ctx.clock.now().getTime() - 10 * 60_000).toISOString(),
      };
      const key = { "Idempotency-Key": crypto.randomUUID() };
      const created = await tech.post("/api/estimates", body, key);
      assert.equal(created.status, 201);
      assert.equal(created.body.data._id, estimateId);
      assert.deepEqual(
        created.body.data.options.map((o) => o._id),
        optionIds,
      );
      assert.equal(created.body.data.createdAt, body.at);
      const replay = await tech.post("/api/estimates", body, key);
      assert.equal(replay.status, 201);
      assert.equal(replay.body.data.number, created.body.data.number, "the stored answer");
      const sameId = await tech.post("/api/estimates", body);
      assert.equal(sameId.status, 200, "the same _id without its key: the estimate already made");
      assert.equal(sameId.body.data.number, created.body.data.number);
      const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from estimates where id = ${estimateId}`;
      assert.equal(n, 1);

      // Signed before the estimate was made (a wrong tablet clock): bounded to its making.
      const approveKey = { "Idempotency-Key": crypto.randomUUID() };
      const approval = {
        optionId: optionIds[1],
        signedBy: "Dana Whitfield",
        signature: SIGNATURE,
        at: "2020-01-01T00:00:00.000Z",
      };
      const approved = await tech.post(`/api/estimates/${estimateId}/approve`, approval, approveKey);
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      const a = approved.body.data.approval!;
      assert.equal(a.via, "on-site");
      assert.equal(a.at, body.at, "not before the estimate was made");
      assert.equal(a.receivedAt, ctx.clock.now().toISOString());
      assert.equal(a.signatureUrl, `/api/estimates/${estimateId}/signature`);
      const replayed = await tech.post(`/api/estimates/${estimateId}/approve`, approval, approveKey);
      assert.equal(replayed.status, 200);
      const copies = await ctx.sql`select 1 from outbox where kind = 'estimate-approved'`;
      assert.equal(copies.length, 2, "one customer copy per approval, none for the replay");

      const signature = await ctx.app.request(a.signatureUrl!, { headers: { Authorization: `Bearer ${ann.token}` } });
      assert.equal(signature.status, 200);
      assert.equal(signature.headers.get("Content-Type"), "image/png");

      // A time in the future is the time it arrived.
      const later = await tech.post("/api/estimates", { ...twoOptions, at: "2099-01-01T00:00:00.000Z" });
      assert.equal(later.body.data.createdAt, ctx.clock.now().toISOString());
    });

    await t.step("a signature that is not a PNG is refused with 400 and nothing changes", async () => {
      const made = await tech.post("/api/estimates", twoOptions);
      const jpegAsPng = "data:image/png;base64," + btoa("\xff\xd8\xff\xe0 not a png");
      const res = await tech.post(`/api/estimates/${made.body.data._id}/approve`, {
        optionId: made.body.data.options[0]!._id,
        signedBy: "Dana",
        signature: jpegAsPng,
      });
      assert.equal(res.status, 400);
      assert.equal((await tech.get(`/api/estimates/${made.body.data._id}`)).body.data.status, "draft");
    });

    await t.step("past 30 days an unapproved estimate is expired: 410 to approve, decline or send", async () => {
      const made = await tech.post("/api/estimates", twoOptions);
      const { _id, token, options } = made.body.data;
      ctx.clock.advance(30 * DAY);
      // Signed in again: a session does not last a month.
      const fresh = as(await ctx.tokens.sign({ ...ann.member, role: "technician" }));
      try {
        assert.equal((await fresh.get(`/api/estimates/${_id}`)).body.data.status, "expired");
        const approve = await ctx.request<ErrorBody>("POST", `/api/estimates/by-token/${token}/approve`, {
          body: { optionId: options[0]!._id, signedBy: "Dana" },
        });
        assert.equal(approve.status, 410);
        assert.equal((await ctx.request("POST", `/api/estimates/by-token/${token}/decline`, { body: {} })).status, 410);
        assert.equal((await fresh.post(`/api/estimates/${_id}/send`, {})).status, 410);
        // Signed on the tablet the day before it expired, arriving after: it stands.
        const onSite = await fresh.post(`/api/estimates/${_id}/approve`, {
          optionId: options[0]!._id,
          signedBy: "Dana",
          signature: SIGNATURE,
          at: new Date(ctx.clock.now().getTime() - DAY).toISOString(),
        });
        assert.equal(onSite.status, 200);
        assert.equal(onSite.body.data.status, "approved");
        const earlier = await fresh.get(`/api/estimates/${first._id}`);
        assert.equal(earlier.body.data.status, "approved", "an approved estimate does not expire");
      } finally {
        ctx.clock.advance(-30 * DAY);
      }
    });

    await t.step("the booking's details list its estimates and the approved work's total", async () => {
      const details = await tech.get<JobDetails>(`/api/bookings/${bookingId}`);
      assert.equal(details.status, 200);
      const approved = details.body.estimates.filter((e) => e.status === "approved");
      assert.ok(details.body.estimates.length >= 6);
      assert.equal(details.body.approvedWork.items.length, approved.length);
      const expected = approved.reduce(
        (sum, e) => sum + e.options.find((o) => o._id === e.approvedOptionId)!.totalCents,
        0,
      );
      assert.equal(details.body.approvedWork.totalCents, expected);
      assert.equal(details.body.approvedWork.items[0]!.number, "E-1001");
      assert.equal(details.body.approvedWork.items[0]!.title, "Better");
    });

    await t.step("the PDF, for staff and through the link", async () => {
      for (const [url, token] of [
        [`/api/estimates/${first._id}/pdf`, ann.token],
        [`/api/estimates/by-token/${first.token}/pdf`, undefined],
      ] as const) {
        const res = await ctx.app.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        assert.equal(res.status, 200, url);
        assert.equal(res.headers.get("Content-Type"), "application/pdf");
        const bytes = new Uint8Array(await res.arrayBuffer());
        assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
        // A document a reader opens: it parses, and names the estimate.
        const doc = await PDFDocument.load(bytes);
        assert.ok(doc.getPageCount() >= 1);
        assert.equal(doc.getTitle(), "Estimate E-1001");
      }
      assert.equal((await ctx.request("GET", `/api/estimates/${first._id}/pdf`)).status, 401);
    });

    await t.step("a price-book item an estimate used is archived, not deleted", async () => {
      const res = await ctx.asAdmin<DataEnvelope<PriceBookDeleted>>("DELETE", `/api/price-book/${uv._id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { _id: uv._id, outcome: "archived" });
      const refused = await tech.post("/api/estimates", {
        bookingId,
        options: [{ title: "UV", lines: [{ priceBookItemId: uv._id, quantity: 1 }] }],
      });
      assert.equal(refused.status, 400);
      assert.match(refused.body.message, /archived/);
    });
  } finally {
    await ctx.close();
  }
});
