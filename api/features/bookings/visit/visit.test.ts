import assert from "node:assert/strict";
import type { AuditEntry } from "../../../contracts/audit/audit.ts";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { JobDetails } from "../../../contracts/visit/job.ts";
import type { VisitNote, VisitPhoto } from "../../../contracts/visit/visit.ts";
import { createTestContext } from "../../../testing/context.ts";
import { bookingBody } from "../../../testing/fixtures.ts";
import { addStaff, assignJob } from "../../../testing/staff.ts";
import { TINY_PNG as PNG } from "../../../testing/images.ts";

type Body = { message?: string };
type Attachment = { filename: string; contentType: string; content: string; encoding?: string };

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const segment = (marker: number, payload: string | number[]) => {
  const body = bytes(payload);
  return bytes([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255], [...body]);
};
/** A camera JPEG whose Exif carries a GPS position. */
const JPEG = bytes(
  [0xff, 0xd8],
  [...segment(0xe1, "Exif\0\0II*\0GPS 35N13'37.56\" 80W50'35.16\"")],
  [...segment(0xdb, [0, ...Array(64).fill(1)])],
  [...segment(0xda, [1, 1, 0, 0, 63, 0])],
  [0x12, 0x34, 0xff, 0xd9],
);
const latin1 = (data: Uint8Array) => new TextDecoder("latin1").decode(data);

Deno.test("the technician's visit: stages, notes, photos, signature, report, and who may do what", async (t) => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "3" } });
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    const book = async (overrides = {}) =>
      (await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) })).body.data;
    const assign = (id: string, technicianId: string) => assignJob(ctx, id, technicianId);
    const visit = (id: string, token: string, body: object, key?: string) =>
      ctx.request<DataEnvelope<Booking> & Body>("PUT", `/api/bookings/${id}/visit`, {
        token,
        body,
        headers: key ? { "Idempotency-Key": key } : {},
      });
    const note = (id: string, token: string, text: unknown) =>
      ctx.request<DataEnvelope<VisitNote> & Body>("POST", `/api/bookings/${id}/notes`, { token, body: { text } });
    const upload = (
      id: string,
      token: string | undefined,
      data: Uint8Array<ArrayBuffer>,
      o: { type?: string; kind?: string; key?: string | null; path?: string } = {},
    ) =>
      ctx.request<DataEnvelope<VisitPhoto> & Body>(
        "POST",
        `/api/bookings/${id}/${o.path ?? `photos?kind=${o.kind ?? "before"}`}`,
        {
          token,
          rawBody: data,
          headers: {
            "Content-Type": o.type ?? "image/jpeg",
            ...(o.key === null ? {} : { "Idempotency-Key": o.key ?? crypto.randomUUID() }),
          },
        },
      );
    const photo = async (url: string, token: string) => {
      const res = await ctx.app.request(url, { headers: { Authorization: `Bearer ${token}` } });
      return {
        status: res.status,
        type: res.headers.get("Content-Type"),
        bytes: new Uint8Array(await res.arrayBuffer()),
      };
    };
    const mails = (bookingId: string, kind: string) =>
      ctx.sql<{ subject: string; text: string; attachments: Attachment[] | null }[]>`
        select subject, message->>'text' as text, message->'attachments' as attachments
        from outbox where booking_id = ${bookingId} and kind = ${kind} order by seq`;

    /** Field evidence: every required item ticked and an After photo, so a technician may complete. */
    const readyToComplete = async (id: string, token: string, photos: ("before" | "after")[] = ["after"]) => {
      const details = await ctx.request<JobDetails>("GET", `/api/bookings/${id}`, { token });
      for (const item of details.body.checklist.filter((i) => i.required)) {
        const ticked = await ctx.request("PUT", `/api/bookings/${id}/checklist/${item._id}`, {
          token,
          body: { done: true },
        });
        assert.equal(ticked.status, 200, JSON.stringify(ticked.body));
      }
      for (const kind of photos) assert.equal((await upload(id, token, JPEG, { kind })).status, 201);
    };

    const job = await assign((await book())._id, ann.member._id);

    await t.step("a new booking's visit is scheduled", async () => {
      assert.equal(job.visitStage, "scheduled");
      assert.equal(job.visitStageAt, null);
      const details = await ctx.request<JobDetails>("GET", `/api/bookings/${job._id}`, { token: ann.token });
      assert.deepEqual(details.body.visit, { stage: "scheduled", history: [], customerNotPresent: false });
      assert.deepEqual([details.body.notes, details.body.photos, details.body.signature], [[], [], null]);
    });

    await t.step("On My Way: the stage moves, is told live and e-mails the customer the arrival window", async () => {
      ctx.events.events.length = 0;
      const res = await visit(job._id, ann.token, { stage: "en_route" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.visitStage, "en_route");
      // Dated by the change itself.
      assert.equal(res.body.data.visitStageAt, res.body.data.updatedAt);
      assert.equal(res.body.data.version, job.version + 1);
      assert.ok(ctx.events.events.some((e) => e.event === "bookingUpdated"));
      const [mail] = await mails(job._id, "technician-on-the-way");
      assert.equal(mail!.subject, "Ann is on the way");
      assert.match(mail!.text, /expected between 9:00 AM and 11:00 AM/);
    });

    await t.step("a technician moves only forward; the same stage twice is refused", async () => {
      const back = await visit(job._id, ann.token, { stage: "scheduled" });
      assert.equal(back.status, 409);
      assert.equal(back.body.message, MESSAGES.visitStageBackwards);
      assert.equal((await visit(job._id, ann.token, { stage: "en_route" })).body.message, MESSAGES.visitStageSame);
      assert.equal((await visit(job._id, ann.token, { stage: "arrived" })).status, 400);
    });

    await t.step("another technician, anyone unsigned and a manage link cannot touch the visit", async () => {
      assert.equal((await visit(job._id, bob.token, { stage: "on_site" })).status, 404);
      assert.equal((await note(job._id, bob.token, "Not mine")).status, 404);
      assert.equal((await upload(job._id, bob.token, JPEG)).status, 404);
      assert.equal((await ctx.request("GET", `/api/bookings/${job._id}`, { token: bob.token })).status, 404);
      assert.equal(
        (await ctx.request("PUT", `/api/bookings/${job._id}/visit`, { body: { stage: "on_site" } })).status,
        401,
      );
      assert.equal((await ctx.request("POST", `/api/bookings/${job._id}/notes`, { body: { text: "x" } })).status, 401);
      assert.equal((await upload(job._id, undefined, JPEG)).status, 401);
      const [{ manage_token }] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings where id = ${job._id}`;
      assert.equal(
        (await ctx.request("PUT", `/api/manage/${manage_token}/visit`, { body: { stage: "on_site" } })).status,
        404,
      );
      assert.equal((await visit(crypto.randomUUID(), ann.token, { stage: "on_site" })).status, 404);
    });

    await t.step("notes: who wrote them and when; an empty or overlong one is refused", async () => {
      const res = await note(job._id, ann.token, "  Heavy lint behind the dryer.  ");
      assert.equal(res.status, 201);
      assert.deepEqual([res.body.data.text, res.body.data.by], ["Heavy lint behind the dryer.", "Ann Tech"]);
      assert.equal((await note(job._id, ann.token, "   ")).status, 400);
      assert.equal((await note(job._id, ann.token, "x".repeat(2001))).status, 400);
      assert.equal((await note(job._id, ann.token, 42)).status, 400);
    });

    let photoUrl = "";
    await t.step(
      "a photo is stored without its GPS position, and a re-upload with its key stores it once",
      async () => {
        const key = crypto.randomUUID();
        const first = await upload(job._id, ann.token, JPEG, { kind: "before", key });
        assert.equal(first.status, 201, JSON.stringify(first.body));
        assert.equal(first.body.data.kind, "before");
        assert.equal(first.body.data.url, `/api/photos/${first.body.data._id}`);
        const again = await upload(job._id, ann.token, JPEG, { kind: "before", key });
        assert.equal(again.status, 201);
        assert.deepEqual(again.body, first.body);
        const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from booking_images where booking_id = ${job._id}`;
        assert.equal(count, 1);
        photoUrl = first.body.data.url;
        const stored = await photo(photoUrl, ann.token);
        assert.equal(stored.status, 200);
        assert.equal(stored.type, "image/jpeg");
        assert.equal(latin1(stored.bytes).includes("GPS"), false, "the Exif segment is gone");
        assert.equal(latin1(JPEG).includes("GPS"), true);
        assert.deepEqual(stored.bytes.subarray(stored.bytes.length - 4), JPEG.subarray(JPEG.length - 4));
      },
    );

    await t.step("a photo is seen by admins and the job's technician only", async () => {
      assert.equal((await photo(photoUrl, await ctx.tokens.sign(ctx.admin))).status, 200);
      assert.equal((await photo(photoUrl, bob.token)).status, 404);
      assert.equal((await ctx.app.request(photoUrl)).status, 401);
      assert.equal((await photo(`/api/photos/${crypto.randomUUID()}`, ann.token)).status, 404);
      assert.equal((await photo("/api/photos/not-an-id", ann.token)).status, 404);
    });

    await t.step("what is not a photo is refused with 415, and nothing is stored", async () => {
      const exe = bytes("MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0This program cannot be run in DOS mode");
      const renamed = await upload(job._id, ann.token, exe, { type: "image/jpeg" });
      assert.equal(renamed.status, 415);
      assert.equal(renamed.body.message, MESSAGES.photoNotImage);
      assert.equal((await upload(job._id, ann.token, PNG, { type: "image/jpeg" })).status, 415, "a PNG sent as JPEG");
      assert.equal((await upload(job._id, ann.token, JPEG, { type: "image/gif" })).status, 415);
      assert.equal((await upload(job._id, ann.token, JPEG, { type: "application/octet-stream" })).status, 415);
      assert.equal((await upload(job._id, ann.token, JPEG.slice(0, 20))).status, 415, "a cut-off JPEG");
      assert.equal((await upload(job._id, ann.token, JPEG, { key: null })).status, 400, "no Idempotency-Key");
      assert.equal((await upload(job._id, ann.token, JPEG, { kind: "during" })).status, 400);
      const huge = new Uint8Array(8 * 1024 * 1024 + 1);
      huge.set(JPEG);
      assert.equal((await upload(job._id, ann.token, huge)).status, 413);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from booking_images where booking_id = ${job._id}`;
      assert.equal(count, 1);
    });

    await t.step("the signature is a PNG; a new one replaces the old", async () => {
      const signature = (data: Uint8Array<ArrayBuffer>, type = "image/png") =>
        upload(job._id, ann.token, data, { type, path: "signature" });
      assert.equal((await signature(JPEG, "image/jpeg")).status, 415);
      const first = await signature(PNG);
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const second = await signature(PNG);
      assert.equal(second.status, 201);
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from booking_images where booking_id = ${job._id} and kind = 'signature'`;
      assert.equal(count, 1);
      assert.equal(
        (await photo((first.body as unknown as DataEnvelope<{ url: string }>).data.url, ann.token)).status,
        404,
      );
    });

    await t.step(
      "Complete Job: the booking is completed and the customer gets the report with photo and signature",
      async () => {
        await readyToComplete(job._id, ann.token);
        const res = await visit(job._id, ann.token, { stage: "completed", note: "All vents clear." }, "complete-1");
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.data.status, "completed");
        // The device's queue may send it twice: the same answer, nothing written again.
        const replay = await visit(job._id, ann.token, { stage: "completed", note: "All vents clear." }, "complete-1");
        assert.deepEqual([replay.status, replay.body], [200, res.body]);
        const [report, more] = await mails(job._id, "service-report");
        assert.equal(more, undefined, "one report");
        assert.match(report!.text, /Ann Tech has completed your/);
        assert.match(report!.text, /Heavy lint behind the dryer\./);
        assert.match(report!.text, /All vents clear\./);
        assert.match(report!.text, /\/booking/);
        const files = (report!.attachments ?? []).map((a) => [a.filename, a.contentType, a.encoding]);
        assert.deepEqual(files, [
          ["before-1.jpg", "image/jpeg", "base64"],
          ["after-1.jpg", "image/jpeg", "base64"],
          ["signature.png", "image/png", "base64"],
        ]);
        assert.match(report!.text, /\[x\] Supply ducts cleaned/);
        const details = await ctx.request<JobDetails>("GET", `/api/bookings/${job._id}`, { token: ann.token });
        assert.deepEqual(
          details.body.visit.history.map((h) => [h.stage, h.by]),
          [
            ["en_route", "Ann Tech"],
            ["completed", "Ann Tech"],
          ],
        );
        assert.deepEqual(
          details.body.notes.map((n) => n.text),
          ["Heavy lint behind the dryer.", "All vents clear."],
        );
        assert.equal(details.body.photos.length, 2);
        assert.ok(details.body.signature);
        assert.equal(details.body.visit.customerNotPresent, false);
      },
    );

    await t.step("every stage, note, photo and signature is in the booking's history", async () => {
      const history = await ctx.asAdmin<AuditEntry[]>("GET", `/api/bookings/${job._id}/history`);
      const actions = history.body.map((e) => e.action);
      for (const action of ["visit", "note", "photo", "signature"])
        assert.ok(actions.includes(action as never), action);
      const stage = history.body.find((e) => e.action === "visit")!;
      assert.deepEqual(stage.changes.visitStage, { from: "en_route", to: "completed" });
    });

    await t.step("an admin may take a completed visit back; the booking reopens as confirmed", async () => {
      const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${job._id}/visit`, {
        body: { stage: "on_site" },
      });
      assert.equal(res.status, 200);
      assert.deepEqual([res.body.data.visitStage, res.body.data.status], ["on_site", "confirmed"]);
    });

    await t.step(
      "a job reassigned meanwhile: the stage is refused in words, the notes and photos still land",
      async () => {
        const moved = await assign(
          (await book({ cleaningTime: "10:00 AM", email: "other@example.com" }))._id,
          ann.member._id,
        );
        await assign(moved._id, bob.member._id);
        const stage = await visit(moved._id, ann.token, { stage: "en_route" });
        assert.equal(stage.status, 409);
        assert.equal(stage.body.message, MESSAGES.jobReassigned);
        assert.equal((await note(moved._id, ann.token, "Left a filter by the door.")).status, 201);
        const upload1 = await upload(moved._id, ann.token, JPEG, { kind: "after" });
        assert.equal(upload1.status, 201);
        assert.equal((await photo(upload1.body.data.url, ann.token)).status, 200, "the one who took it sees it");
        // Cancelled by the office: no stage for anyone, notes still welcome.
        const cancel = await ctx.asAdmin("PUT", `/api/bookings/${moved._id}/status`, { body: { status: "cancelled" } });
        assert.equal(cancel.status, 200);
        const cancelled = await visit(moved._id, bob.token, { stage: "en_route" });
        assert.equal(cancelled.status, 409);
        assert.equal(cancelled.body.message, MESSAGES.jobCancelled);
        assert.equal((await note(moved._id, bob.token, "Customer called to cancel.")).status, 201);
      },
    );

    await t.step("customer not present: completed without a signature, said in the report", async () => {
      const other = await assign(
        (await book({ cleaningTime: "11:00 AM", email: "absent@example.com" }))._id,
        ann.member._id,
      );
      await readyToComplete(other._id, ann.token, ["before", "after"]);
      const res = await visit(other._id, ann.token, { stage: "completed", customerNotPresent: true });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const [report] = await mails(other._id, "service-report");
      assert.match(report!.text, /You were not present to sign/);
      assert.deepEqual(
        report!.attachments?.map((a) => a.filename),
        ["before-1.jpg", "after-1.jpg"],
        "the photos, no signature",
      );
    });
  } finally {
    await ctx.close();
  }
});
