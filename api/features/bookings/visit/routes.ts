import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { staffActor } from "../../../contracts/common/actor.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import {
  ChecklistTickSchema,
  NoteCreateSchema,
  PhotoQuerySchema,
  VisitUpdateSchema,
} from "../../../contracts/visit/schemas.ts";
import { MAX_PHOTO_BYTES, MAX_SIGNATURE_BYTES, PHOTO_TYPES, type PhotoType } from "../../../contracts/visit/visit.ts";
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import { bodyHash, idempotencyKey, sha256Hex } from "../../../http/idempotency.ts";
import { validateJson, validateQuery } from "../../../http/validate.ts";
import type { FieldImage, VisitRecordCommand } from "../command/commands.ts";
import type { BookingExecutor } from "../command/executor.ts";
import { MalformedImage, sniffImageType, stripMetadata } from "../../../platform/images.ts";

export interface VisitDeps {
  bookings: BookingExecutor;
  requireStaff: MiddlewareHandler<AppEnv>;
}

/** The paths whose bodies are images, allowed past the app's 64 KB limit to their own (app.ts). */
export const IMAGE_UPLOAD_PATH = /^\/api\/bookings\/[^/]+\/(photos|signature)$/;

/**
 * The technician's visit on a booking, under /api/bookings/{id}: its stages, notes, photos and the customer's
 * signature. Each route is for its technician or an admin (another technician gets 404, anyone unsigned 401; a
 * customer's link has no such route). Every write may be replayed by a device's queue with its Idempotency-Key and
 * then answers the first result; each one is audited and told live.
 */
export function visitRoutes({ bookings, requireStaff }: VisitDeps) {
  /** The request a device's queue may send again: the key is scoped to the route and the booking. */
  const requestOf = (c: Context<AppEnv>, route: string, hash: string) => ({
    route: `${route} ${c.req.param("id")}`,
    key: idempotencyKey(c),
    bodyHash: hash,
  });

  const record = async (c: Context<AppEnv>, route: string, hash: string, command: VisitRecordCommand) => {
    const actor = staffActor(c.get("user"));
    const outcome = await bookings.record(c.req.param("id")!, command, actor, requestOf(c, route, hash));
    return c.json(outcome.body, outcome.status as 200 | 201);
  };

  /** The body's image: its claimed type must be allowed and match its bytes; its metadata (GPS) is stripped. */
  const imageBody = async (c: Context<AppEnv>, allowed: readonly PhotoType[], refusal: string): Promise<FieldImage> => {
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

  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new PayloadTooLarge();
      },
    });

  return new Hono<AppEnv>()
    .put("/:id/visit", requireStaff, validateJson(VisitUpdateSchema), async (c) => {
      const { stage, note, customerNotPresent, at } = c.req.valid("json");
      const request = requestOf(c, "PUT visit", bodyHash({ stage, note, customerNotPresent, at }));
      const command = { kind: "stage", stage, note, customerNotPresent, at } as const;
      const outcome = await bookings.change({ id: c.req.param("id") }, command, staffActor(c.get("user")), { request });
      return c.json(outcome.body, 200);
    })
    .put("/:id/checklist/:itemId", requireStaff, validateJson(ChecklistTickSchema), async (c) => {
      const { done, at } = c.req.valid("json");
      const itemId = c.req.param("itemId");
      return await record(c, `PUT checklist ${itemId}`, bodyHash({ done, at }), { kind: "tick", itemId, done, at });
    })
    .post("/:id/notes", requireStaff, validateJson(NoteCreateSchema), async (c) => {
      const { text, at } = c.req.valid("json");
      return await record(c, "POST notes", bodyHash({ text, at }), { kind: "note", text, at });
    })
    .post("/:id/photos", requireStaff, limit(MAX_PHOTO_BYTES), validateQuery(PhotoQuerySchema), async (c) => {
      const { kind, at } = c.req.valid("query");
      const image = await imageBody(c, PHOTO_TYPES, MESSAGES.photoTypeRefused);
      const hash = `${kind}:${at ?? ""}:${await sha256Hex(image.bytes)}`;
      return await record(c, "POST photos", hash, { kind: "photo", photoKind: kind, image, at });
    })
    .post("/:id/signature", requireStaff, limit(MAX_SIGNATURE_BYTES), async (c) => {
      const image = await imageBody(c, ["image/png"], MESSAGES.signatureNotPng);
      return await record(c, "POST signature", `signature:${await sha256Hex(image.bytes)}`, {
        kind: "signature",
        image,
      });
    });
}
