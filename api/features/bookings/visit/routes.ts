import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { staffActor } from "../../../contracts/common/actor.ts";
import type { SessionUser } from "../../../contracts/staff/staff.ts";
import type { AuditAction } from "../../../contracts/audit/audit.ts";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import {
  ChecklistTickSchema,
  NoteCreateSchema,
  PhotoQuerySchema,
  VisitUpdateSchema,
} from "../../../contracts/visit/schemas.ts";
import { completionMissing, completionRefusal } from "../../../contracts/visit/checklists.ts";
import {
  boundedAt,
  canMoveVisit,
  LATE_ARRIVAL_MS,
  MAX_PHOTO_BYTES,
  MAX_SIGNATURE_BYTES,
  PHOTO_TYPES,
  type PhotoKind,
  type PhotoType,
  type VisitStage,
} from "../../../contracts/visit/visit.ts";
import type { Tx } from "../../../db/client.ts";
import type { IdempotencyStore } from "../../../db/idempotency.ts";
import { BadRequest, Conflict, NotFound, PayloadTooLarge, UnsupportedMediaType } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import { bodyHash, idempotencyKey, sha256Hex } from "../../../http/idempotency.ts";
import { validateJson, validateQuery } from "../../../http/validate.ts";
import { announceChange, type ChangeDeps, type WrittenChange, writeChange } from "../changes.ts";
import { assertMayWork } from "./access.ts";
import type { ImageStore } from "./image-store.ts";
import { MalformedImage, sniffImageType, stripMetadata } from "./images.ts";
import { photosOf, photoUrl, type VisitsRepo } from "./repo.ts";
import { buildReport } from "./report.ts";

export interface VisitDeps extends ChangeDeps {
  visits: VisitsRepo;
  images: ImageStore;
  idempotency: IdempotencyStore;
  requireStaff: MiddlewareHandler<AppEnv>;
}

// Staff-only texts stay here: MESSAGES is loaded by the public booking page (its size budget).
const CHECKLIST_ITEM_NOT_FOUND = "That checklist item is not on this job's service.";

/** How long an "on the way" e-mail sent late waits for the stages queued behind it (see due.ts). */
const ON_THE_WAY_HOLD_MS = 60_000;

/** The paths whose bodies are images, allowed past the app's 64 KB limit to their own (app.ts). */
export const IMAGE_UPLOAD_PATH = /^\/api\/bookings\/[^/]+\/(photos|signature)$/;

/** A piece of visit work, written through the one change path in the transaction that keeps its answer. */
interface Work {
  kind: "stage" | "record";
  action: AuditAction;
  /** What it must read or refuse first, with the booking locked (the device's time, a completion's evidence). */
  prepare?(tx: Tx, booking: Booking, user: SessionUser): Promise<void>;
  next?: (current: Booking) => Booking;
  /** Its own records and e-mails; answers the response body, and whether it mailed. */
  write(tx: Tx, updated: Booking, user: SessionUser): Promise<{ body: unknown; mailed?: boolean }>;
}

/**
 * The technician's visit on a booking (issue 17), under /api/bookings/{id}: its stages, notes, photos and the
 * customer's signature. Each route is for its technician or an admin (assertMayWork: another technician gets 404,
 * anyone unsigned 401; a customer's manage link has no such route). Every write may be replayed by a device's
 * queue with its Idempotency-Key and then answers the first result; each one is audited and told live.
 */
export function visitRoutes(deps: VisitDeps) {
  const { repo, visits, images, idempotency, requireStaff, audit, mail } = deps;

  const perform = async (c: Context<AppEnv>, route: string, hash: string, work: Work, status: 200 | 201) => {
    const user = c.get("user");
    const id = c.req.param("id")!;
    let written: WrittenChange | null = null;
    const settings = await deps.settings();
    const request = { route: `${route} ${id}`, key: idempotencyKey(c), bodyHash: hash };
    const outcome = await idempotency.run(request, async (tx) => {
      let answer: unknown = null;
      written = await writeChange(
        deps,
        tx,
        {
          actor: staffActor(user),
          load: async (tx) => {
            const booking = await repo.getForUpdate(tx, id);
            if (!booking) throw new NotFound(MESSAGES.bookingNotFound);
            await assertMayWork(visits, tx, user, booking, work.kind);
            await work.prepare?.(tx, booking, user);
            return booking;
          },
          next: work.next ?? ((current) => current),
          action: work.action,
          alsoWrite: async (tx, updated) => {
            const { body, mailed } = await work.write(tx, updated, user);
            answer = body;
            return mailed ?? false;
          },
        },
        settings,
      );
      return { status, body: { data: answer } };
    });
    if (!outcome.replayed && written) announceChange(deps, written);
    return c.json(outcome.body, outcome.status as 200 | 201);
  };

  /** When the device says it was done, bounded by what can be true (boundedAt); and when it arrived. */
  const deviceTime = async (tx: Tx, booking: Booking, claimed: string | undefined) => {
    const { now: receivedAt, since } = await visits.clock(tx, booking);
    return { at: boundedAt(claimed, receivedAt, since), receivedAt };
  };

  /** A note, photo or signature is audited on its own: the booking's fields do not change. */
  const auditRecord = (tx: Tx, user: SessionUser, booking: Booking, action: AuditAction, after: object) =>
    audit.record(tx, {
      actor: staffActor(user),
      entityType: "booking",
      entityId: booking._id,
      action,
      before: {},
      after,
    });

  const imageBody = async (c: Context<AppEnv>, allowed: readonly PhotoType[], refusal: string) => {
    const claimed = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase() as PhotoType;
    if (!allowed.includes(claimed)) throw new UnsupportedMediaType(refusal);
    if (idempotencyKey(c) === null) throw new BadRequest(MESSAGES.idempotencyKeyRequired);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (sniffImageType(bytes) !== claimed) throw new UnsupportedMediaType(MESSAGES.photoNotImage);
    try {
      return { type: claimed, bytes: stripMetadata(bytes, claimed) };
    } catch (error) {
      if (error instanceof MalformedImage) throw new UnsupportedMediaType(MESSAGES.photoNotImage);
      throw error;
    }
  };

  const storeImage = async (
    tx: Tx,
    user: SessionUser,
    booking: Booking,
    kind: PhotoKind | "signature",
    image: { type: PhotoType; bytes: Uint8Array<ArrayBuffer> },
    takenAt: Date,
  ) => {
    const storageKey = `${booking._id}/${crypto.randomUUID()}`;
    const by = { _id: user._id, name: user.name };
    const record = await visits.addImage(
      tx,
      {
        bookingId: booking._id,
        kind,
        contentType: image.type,
        byteSize: image.bytes.length,
        storageKey,
        staffId: user._id,
      },
      by,
      takenAt,
    );
    await images.put(tx, storageKey, image.bytes);
    return record;
  };

  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new PayloadTooLarge();
      },
    });

  return new Hono<AppEnv>()
    .put("/:id/visit", requireStaff, validateJson(VisitUpdateSchema), async (c) => {
      const { stage, note, customerNotPresent, at: claimed } = c.req.valid("json");
      const user = c.get("user");
      const who = user.role === "technician" ? "technician" : "admin";
      let when = { at: new Date(), receivedAt: new Date() };
      let overridden: string[] = [];
      return await perform(
        c,
        "PUT visit",
        bodyHash({ stage, note, customerNotPresent, at: claimed }),
        {
          kind: "stage",
          action: "visit",
          prepare: async (tx, booking) => {
            when = await deviceTime(tx, booking, claimed);
            if (stage !== "completed" || booking.visitStage === "completed") return;
            // Field evidence (issue 21): the required items and a Before and an After photo, or an admin's word.
            const records = await visits.records(booking._id, tx);
            const missing = completionMissing(records.checklist, photosOf(records.images));
            if (missing.length > 0 && who === "technician") throw new Conflict(completionRefusal(missing));
            overridden = missing;
          },
          next: (current) => {
            if (current.visitStage === stage) throw new Conflict(MESSAGES.visitStageSame);
            if (!canMoveVisit(current.visitStage, stage, who)) throw new Conflict(MESSAGES.visitStageBackwards);
            return {
              ...current,
              visitStage: stage,
              visitStageAt: when.at.toISOString(),
              status: statusFor(stage, current),
            };
          },
          write: async (tx, updated) => {
            const by = { _id: user._id, name: user.name };
            await visits.addStage(tx, updated._id, stage, by, when.at);
            if (note) await visits.addNote(tx, updated._id, note, by, when.at);
            if (stage === "completed") await visits.setCustomerNotPresent(tx, updated._id, customerNotPresent ?? false);
            if (overridden.length > 0) {
              await auditRecord(tx, user, updated, "override", { completedWithout: overridden });
            }
            // The customer hears of the technician, not of an admin who set the stage for them.
            const technicianName = updated.technicianName ?? user.name;
            if (stage === "en_route") {
              // Pressed offline and sent late: held a minute, so a Start Job queued behind it can still stop it.
              const late = when.receivedAt.getTime() - when.at.getTime() > LATE_ARRIVAL_MS;
              const due = late ? new Date(when.receivedAt.getTime() + ON_THE_WAY_HOLD_MS) : undefined;
              await mail.visitChanged(tx, { kind: "on-the-way", booking: updated, technicianName }, due);
              return { body: updated, mailed: true };
            }
            if (stage === "completed") {
              const report = await buildReport(visits, images, tx, updated, technicianName);
              await mail.visitChanged(tx, { kind: "report", booking: updated, report });
              return { body: updated, mailed: true };
            }
            return { body: updated };
          },
        },
        200,
      );
    })
    .put("/:id/checklist/:itemId", requireStaff, validateJson(ChecklistTickSchema), async (c) => {
      const { done, at: claimed } = c.req.valid("json");
      const itemId = c.req.param("itemId");
      const user = c.get("user");
      let when = { at: new Date(), receivedAt: new Date() };
      return await perform(
        c,
        `PUT checklist ${itemId}`,
        bodyHash({ done, at: claimed }),
        {
          kind: "record",
          action: "checklist",
          prepare: async (tx, booking) => {
            when = await deviceTime(tx, booking, claimed);
          },
          write: async (tx, updated) => {
            const item = await visits.tick(
              tx,
              updated._id,
              itemId,
              { done, at: when.at },
              {
                _id: user._id,
                name: user.name,
              },
            );
            if (!item) throw new NotFound(CHECKLIST_ITEM_NOT_FOUND);
            await auditRecord(tx, user, updated, "checklist", { item: item.label, done });
            return { body: item };
          },
        },
        200,
      );
    })
    .post("/:id/notes", requireStaff, validateJson(NoteCreateSchema), async (c) => {
      const { text, at: claimed } = c.req.valid("json");
      const user = c.get("user");
      let at = new Date();
      return await perform(
        c,
        "POST notes",
        bodyHash({ text, at: claimed }),
        {
          kind: "record",
          action: "note",
          prepare: async (tx, booking) => {
            at = (await deviceTime(tx, booking, claimed)).at;
          },
          write: async (tx, updated) => {
            const note = await visits.addNote(tx, updated._id, text, { _id: user._id, name: user.name }, at);
            await auditRecord(tx, user, updated, "note", { note: text });
            return { body: note };
          },
        },
        201,
      );
    })
    .post("/:id/photos", requireStaff, limit(MAX_PHOTO_BYTES), validateQuery(PhotoQuerySchema), async (c) => {
      const { kind, at: claimed } = c.req.valid("query");
      const image = await imageBody(c, PHOTO_TYPES, MESSAGES.photoTypeRefused);
      const user = c.get("user");
      let takenAt = new Date();
      return await perform(
        c,
        "POST photos",
        `${kind}:${claimed ?? ""}:${await sha256Hex(image.bytes)}`,
        {
          kind: "record",
          action: "photo",
          prepare: async (tx, booking) => {
            takenAt = (await deviceTime(tx, booking, claimed)).at;
          },
          write: async (tx, updated) => {
            const record = await storeImage(tx, user, updated, kind, image, takenAt);
            await auditRecord(tx, user, updated, "photo", { photo: { _id: record._id, kind } });
            return { body: photosOf([record])[0] };
          },
        },
        201,
      );
    })
    .post("/:id/signature", requireStaff, limit(MAX_SIGNATURE_BYTES), async (c) => {
      const image = await imageBody(c, ["image/png"], MESSAGES.signatureNotPng);
      const user = c.get("user");
      return await perform(
        c,
        "POST signature",
        `signature:${await sha256Hex(image.bytes)}`,
        {
          kind: "record",
          action: "signature",
          write: async (tx, updated) => {
            const record = await storeImage(
              tx,
              user,
              updated,
              "signature",
              image,
              (await deviceTime(tx, updated, undefined)).at,
            );
            await auditRecord(tx, user, updated, "signature", { signature: record._id });
            return { body: { url: photoUrl(record._id) } };
          },
        },
        201,
      );
    });
}

/** Completing the visit completes the booking; an admin taking a completed visit back reopens it as confirmed. */
function statusFor(stage: VisitStage, current: Booking): Booking["status"] {
  if (stage === "completed") return "completed";
  return current.status === "completed" ? "confirmed" : current.status;
}
