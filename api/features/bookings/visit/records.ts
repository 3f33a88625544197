import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { Actor } from "../../../contracts/common/actor.ts";
import type { PhotoKind } from "../../../contracts/visit/visit.ts";
import type { Tx } from "../../../db/client.ts";
import { NotFound } from "../../../errors.ts";
import type { FieldImage, VisitRecordCommand } from "../command/commands.ts";
import type { ImageStore } from "./image-store.ts";
import { photosOf, photoUrl, type VisitsRepo } from "./repo.ts";

// Staff-only texts stay here: MESSAGES is loaded by the public booking page (its size budget).
export const CHECKLIST_ITEM_NOT_FOUND = "That checklist item is not on this job's service.";

/** A record written: what the route answers, and what its audit entry keeps. */
export interface WrittenRecord {
  body: unknown;
  audited: object;
}

/** Writes one visit record in the caller's transaction, `at` the moment the device did it (bounded). */
export async function writeVisitRecord(
  tx: Tx,
  stores: { visits: VisitsRepo; images: ImageStore },
  booking: Booking,
  command: VisitRecordCommand,
  actor: Actor,
  at: Date,
): Promise<WrittenRecord> {
  const { visits } = stores;
  switch (command.kind) {
    case "note": {
      const note = await visits.addNote(tx, booking._id, command.text, actor, at);
      return { body: note, audited: { note: command.text } };
    }
    case "tick": {
      const item = await visits.tick(tx, booking._id, command.itemId, { done: command.done, at }, actor);
      if (!item) throw new NotFound(CHECKLIST_ITEM_NOT_FOUND);
      return { body: item, audited: { item: item.label, done: command.done } };
    }
    case "photo": {
      const record = await storeImage(tx, stores, booking, command.photoKind, command.image, actor, at);
      return { body: photosOf([record])[0], audited: { photo: { _id: record._id, kind: command.photoKind } } };
    }
    case "signature": {
      const record = await storeImage(tx, stores, booking, "signature", command.image, actor, at);
      return { body: { url: photoUrl(record._id) }, audited: { signature: record._id } };
    }
  }
}

/** The image's bytes in the store and its record beside the booking (a new signature replaces the old one). */
async function storeImage(
  tx: Tx,
  { visits, images }: { visits: VisitsRepo; images: ImageStore },
  booking: Booking,
  kind: PhotoKind | "signature",
  image: FieldImage,
  actor: Actor,
  takenAt: Date,
) {
  const storageKey = `${booking._id}/${crypto.randomUUID()}`;
  const record = await visits.addImage(
    tx,
    {
      bookingId: booking._id,
      kind,
      contentType: image.type,
      byteSize: image.bytes.length,
      storageKey,
      staffId: actor.id,
    },
    actor,
    takenAt,
  );
  await images.put(tx, storageKey, image.bytes);
  return record;
}
