import assert from "node:assert/strict";
import type { ChecklistItem } from "../../../contracts/visit/checklists.ts";
import type { AuditEntry } from "../../../contracts/audit/audit.ts";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import type { Service } from "../../../contracts/services/service.ts";
import type { JobDetails } from "../../../contracts/visit/job.ts";
import { memoryTransport, waitUntil } from "../../../outbox/testing.ts";
import { startTestWorker } from "../../../testing/mail.ts";
import { createTestContext } from "../../../testing/context.ts";
import { bookingBody, serviceBody } from "../../../testing/fixtures.ts";
import { addStaff, assignJob } from "../../../testing/staff.ts";
import { TINY_JPEG as JPEG } from "../../../testing/images.ts";

type Body = { message?: string };

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

Deno.test("field evidence: checklists, the completion gate, the admin override and the device's times", async (t) => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "4" } });
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    let slot = 8;
    /** A job of Ann's, given to her an hour ago (the audit of the assignment is dated back). */
    const job = async () => {
      const time = `${++slot > 12 ? slot - 12 : slot}:00 ${slot >= 12 ? "PM" : "AM"}`;
      const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ cleaningTime: time, email: `job${slot}@example.com` }),
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const id = booked.body.data._id;
      await assignJob(ctx, id, ann.member._id);
      await ctx.sql`update audit_log set at = at - interval '1 hour' where entity_id = ${id}`;
      return id;
    };
    const details = async (id: string) =>
      (await ctx.request<JobDetails>("GET", `/api/bookings/${id}`, { token: ann.token })).body;
    const stage = (id: string, body: object, token = ann.token) =>
      ctx.request<DataEnvelope<Booking> & Body>("PUT", `/api/bookings/${id}/visit`, { token, body });
    const tick = (id: string, itemId: string, body: object, token = ann.token) =>
      ctx.request<DataEnvelope<unknown> & Body>("PUT", `/api/bookings/${id}/checklist/${itemId}`, { token, body });
    const photo = (id: string, kind: string, at?: string) =>
      ctx.request<Body>("POST", `/api/bookings/${id}/photos?kind=${kind}${at ? `&at=${encodeURIComponent(at)}` : ""}`, {
        token: ann.token,
        rawBody: JPEG,
        headers: { "Content-Type": "image/jpeg", "Idempotency-Key": crypto.randomUUID() },
      });

    await t.step("a service carries its checklist; an admin edits it and the items keep their ids", async () => {
      const air = await ctx.request<Service>("GET", "/api/services/air-duct-cleaning");
      assert.deepEqual(
        air.body.checklist.map((i) => [i.label, i.required]),
        [
          ["Supply ducts cleaned", true],
          ["Return ducts cleaned", true],
          ["Registers and grilles cleaned and reset", true],
          ["Plenums cleaned", true],
          ["Access panels sealed", true],
        ],
      );
      const dryer = await ctx.request<Service>("GET", "/api/services/dryer-vent-cleaning");
      assert.deepEqual(
        dryer.body.checklist.filter((i) => i.required).map((i) => i.label),
        ["Lint removed from the full run", "Airflow checked at the exterior hood"],
      );

      const created = await ctx.asAdmin<DataEnvelope<Service>>("POST", "/api/services", {
        body: serviceBody({
          checklist: [
            { label: "Old insulation removed", required: true },
            { _id: "depth", label: "Depth checked", required: false },
            { _id: "depth", label: "Vents baffled", required: true },
          ] as unknown as ChecklistItem[],
        }),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const items = created.body.data.checklist;
      assert.equal(new Set(items.map((i) => i._id)).size, 3, "every item has its own id");
      assert.equal(items[1]!._id, "depth");
      const renamed = items.map((i) => (i._id === "depth" ? { ...i, label: "Depth measured" } : i));
      const edited = await ctx.asAdmin<DataEnvelope<Service>>("PUT", `/api/services/${created.body.data._id}`, {
        body: serviceBody({ checklist: renamed }),
      });
      assert.deepEqual(edited.body.data.checklist, renamed);
      const kept = await ctx.asAdmin<DataEnvelope<Service>>("PUT", `/api/services/${created.body.data._id}`, {
        body: serviceBody(),
      });
      assert.deepEqual(kept.body.data.checklist, renamed, "left out of an update, the checklist stays");
      for (const checklist of [[{ label: "" }], [{ label: "x", required: "yes" }], Array(31).fill({ label: "x" })]) {
        const res = await ctx.asAdmin<Body>("PUT", `/api/services/${created.body.data._id}`, {
          body: { ...serviceBody(), checklist },
        });
        assert.equal(res.status, 400, JSON.stringify(checklist).slice(0, 60));
        assert.ok(res.body.message);
      }
    });

    await t.step("a technician cannot complete until every required item and both photos are there", async () => {
      const id = await job();
      assert.equal((await stage(id, { stage: "on_site" })).status, 200);
      const refused = await stage(id, { stage: "completed" });
      assert.equal(refused.status, 409);
      assert.equal(
        refused.body.message,
        "Complete Job needs: Supply ducts cleaned, Return ducts cleaned, Registers and grilles cleaned and reset, " +
          "Plenums cleaned, Access panels sealed, a Before photo, an After photo",
      );
      const items = (await details(id)).checklist;
      for (const item of items) assert.equal((await tick(id, item._id, { done: true })).status, 200);
      assert.equal((await tick(id, "plenums", { done: false })).status, 200, "unticked again");
      assert.equal((await photo(id, "before")).status, 201);
      const still = await stage(id, { stage: "completed" });
      assert.equal(still.body.message, "Complete Job needs: Plenums cleaned, an After photo");
      await tick(id, "plenums", { done: true });
      await photo(id, "after");
      const done = await stage(id, { stage: "completed" });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const checklist = (await details(id)).checklist;
      assert.deepEqual(
        checklist.map((i) => i._id),
        items.map((i) => i._id),
        "the service's whole checklist",
      );
      assert.ok(checklist.every((i) => i.done && i.by === "Ann Tech" && i.at && i.receivedAt));
      const [report] = await ctx.sql<{ text: string }[]>`
        select message->>'text' as text from outbox where booking_id = ${id} and kind = 'service-report'`;
      assert.match(report!.text, /\[x\] Supply ducts cleaned\n\[x\] Return ducts cleaned/);
    });

    await t.step("ticks: an unknown item is 404, another technician 404, a stranger 401, bad input 400", async () => {
      const id = await job();
      assert.equal((await tick(id, "no-such-item", { done: true })).status, 404);
      assert.equal((await tick(id, "plenums", { done: true }, bob.token)).status, 404);
      assert.equal(
        (await ctx.request("PUT", `/api/bookings/${id}/checklist/plenums`, { body: { done: true } })).status,
        401,
      );
      assert.equal((await tick(id, "plenums", { done: "yes" })).status, 400);
      assert.equal((await tick(id, "plenums", { done: true, at: "yesterday" })).status, 400);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from booking_checklist where booking_id = ${id}`;
      assert.equal(count, 0);
    });

    await t.step("an admin may complete without the evidence, and the override is audited", async () => {
      const id = await job();
      const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${id}/visit`, {
        body: { stage: "completed" },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const history = await ctx.asAdmin<AuditEntry[]>("GET", `/api/bookings/${id}/history`);
      const override = history.body.find((e) => e.action === "override");
      assert.ok(override, "an override entry");
      assert.deepEqual(override.changes.completedWithout?.to, [
        "Supply ducts cleaned",
        "Return ducts cleaned",
        "Registers and grilles cleaned and reset",
        "Plenums cleaned",
        "Access panels sealed",
        "a Before photo",
        "an After photo",
      ]);
    });

    await t.step("the device's time is kept beside the arrival, within what can be true", async () => {
      const id = await job();
      const sentAt = Date.now();
      const tenMinutesAgo = new Date(sentAt - 10 * MINUTE).toISOString();
      const onWay = await stage(id, { stage: "en_route", at: tenMinutesAgo });
      const answeredAt = Date.now();
      assert.equal(onWay.body.data.visitStageAt, tenMinutesAgo);
      await ctx.request("POST", `/api/bookings/${id}/notes`, {
        token: ann.token,
        body: { text: "Tomorrow's note", at: new Date(Date.now() + 24 * 60 * MINUTE).toISOString() },
      });
      await ctx.request("POST", `/api/bookings/${id}/notes`, {
        token: ann.token,
        body: { text: "Before the job was mine", at: "2020-01-01T12:00:00.000Z" },
      });
      const fiveMinutesAgo = ago(5 * MINUTE);
      assert.equal((await photo(id, "before", fiveMinutesAgo)).status, 201);
      const fourMinutesAgo = ago(4 * MINUTE);
      assert.equal((await tick(id, "plenums", { done: true, at: fourMinutesAgo })).status, 200);
      const job1 = await details(id);
      const [entry] = job1.visit.history;
      assert.equal(entry!.at, tenMinutesAgo);
      // The arrival is the database's clock (this machine's) between sending the request and reading its answer.
      const arrived = Date.parse(entry!.receivedAt);
      assert.ok(arrived >= sentAt && arrived <= answeredAt, `and when it arrived: ${entry!.receivedAt}`);
      const [future, early] = job1.notes;
      assert.equal(future!.at, future!.receivedAt, "a time in the future is the time of arrival");
      const [{ assigned }] = await ctx.sql<{ assigned: Date }[]>`
        select min(at) as assigned from audit_log where entity_id = ${id} and action = 'assign'`;
      assert.equal(early!.at, assigned.toISOString(), "a time before the assignment is the assignment's");
      // Times between the assignment and the arrival are kept as the device sent them.
      assert.equal(job1.photos[0]!.at, fiveMinutesAgo, "the photo's own time");
      const plenums = job1.checklist.find((i) => i._id === "plenums")!;
      assert.equal(plenums.at, fourMinutesAgo, "the tick's own time");
    });

    await t.step("an 'on the way' sent late waits a minute and is dropped once the job has started", async () => {
      const id = await job();
      await stage(id, { stage: "en_route", at: ago(40 * MINUTE) });
      const [held] = await ctx.sql<{ next_attempt_at: Date; created_at: Date }[]>`
        select next_attempt_at, created_at from outbox where booking_id = ${id} and kind = 'technician-on-the-way'`;
      assert.ok(held!.next_attempt_at.getTime() - held!.created_at.getTime() >= 50_000, "held back");
      await stage(id, { stage: "on_site", at: ago(20 * MINUTE) });
      const transport = memoryTransport();
      // The worker's clock two minutes on: the held message is due.
      const worker = startTestWorker(ctx, transport, () => new Date(Date.now() + 2 * MINUTE));
      try {
        await waitUntil("the held e-mail to be decided", async () => {
          const [row] = await ctx.sql<{ status: string }[]>`
            select status from outbox where booking_id = ${id} and kind = 'technician-on-the-way'`;
          return row?.status !== "pending";
        });
      } finally {
        await worker.stop();
      }
      const [row] = await ctx.sql<{ status: string; last_error: string }[]>`
        select status, last_error from outbox where booking_id = ${id} and kind = 'technician-on-the-way'`;
      assert.deepEqual(row, { status: "skipped", last_error: "The technician had already arrived" });
      const customer = (await details(id)).email;
      assert.equal(transport.sent.filter((m) => m.to.address === customer && /on the way/i.test(m.subject)).length, 0);

      // An on-time "on the way" goes at once.
      const onTime = await job();
      await stage(onTime, { stage: "en_route" });
      const [prompt] = await ctx.sql<{ next_attempt_at: Date; created_at: Date }[]>`
        select next_attempt_at, created_at from outbox
        where booking_id = ${onTime} and kind = 'technician-on-the-way'`;
      assert.ok(prompt!.next_attempt_at.getTime() - prompt!.created_at.getTime() < 50_000);
    });

    await t.step("the report says when the work really began and ended", async () => {
      const id = await job();
      const items = (await details(id)).checklist;
      for (const item of items) await tick(id, item._id, { done: true });
      await photo(id, "before");
      await photo(id, "after");
      // Times within the bounds: the job was given an hour ago.
      const began = ago(50 * MINUTE);
      const ended = ago(5 * MINUTE);
      await stage(id, { stage: "on_site", at: began });
      await stage(id, { stage: "completed", at: ended });
      const [report] = await ctx.sql<{ text: string }[]>`
        select message->>'text' as text from outbox where booking_id = ${id} and kind = 'service-report'`;
      const clock = (iso: string) =>
        new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" }).format(
          new Date(iso),
        );
      assert.ok(report!.text.includes(`Work began: ${clock(began)}`), report!.text);
      assert.ok(report!.text.includes(`Work ended: ${clock(ended)}`));
    });
  } finally {
    await ctx.close();
  }
});
