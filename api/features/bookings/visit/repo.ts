import type { JobNote, JobPhoto, PhotoKind, PhotoType, Visit, VisitStage } from "../../../contracts/visit.ts";
import type { Sql, Tx } from "../../../db/client.ts";
import { isUuid } from "../../../db/ids.ts";

/** Who did something on a visit, with their name as it was then. */
export interface Staffer {
  _id: string;
  name: string;
}

/** A photo's or signature's record; its bytes are in the image store under `storageKey`. */
export interface ImageRecord {
  _id: string;
  bookingId: string;
  kind: PhotoKind | "signature";
  contentType: PhotoType;
  byteSize: number;
  storageKey: string;
  staffId: string | null;
}

export interface VisitRecords {
  visit: Visit;
  notes: JobNote[];
  images: ImageRecord[];
}

/** The visit's records beside a booking: history, notes, photos, the signature. */
export interface VisitsRepo {
  records(bookingId: string, tx?: Tx): Promise<VisitRecords>;
  addStage(tx: Tx, bookingId: string, stage: VisitStage, by: Staffer): Promise<void>;
  setCustomerNotPresent(tx: Tx, bookingId: string, notPresent: boolean): Promise<void>;
  addNote(tx: Tx, bookingId: string, text: string, by: Staffer): Promise<JobNote>;
  /** A new image record (a new signature replaces the old one, whose bytes go with it). */
  addImage(tx: Tx, image: Omit<ImageRecord, "_id">, by: Staffer): Promise<ImageRecord>;
  image(id: string): Promise<ImageRecord | null>;
  /**
   * True when the staff member was ever given this booking (the audit of assignments): a technician reassigned
   * while working offline still delivers their notes and photos.
   */
  wasAssigned(bookingId: string, staffId: string, tx?: Tx): Promise<boolean>;
}

interface ImageRow {
  id: string;
  booking_id: string;
  kind: ImageRecord["kind"];
  content_type: PhotoType;
  byte_size: number;
  storage_key: string;
  staff_id: string | null;
}

const toImage = (r: ImageRow): ImageRecord => ({
  _id: r.id,
  bookingId: r.booking_id,
  kind: r.kind,
  contentType: r.content_type,
  byteSize: r.byte_size,
  storageKey: r.storage_key,
  staffId: r.staff_id,
});

export const photoUrl = (id: string) => `/api/photos/${id}`;

export function photosOf(images: readonly ImageRecord[]): JobPhoto[] {
  return images
    .filter((i): i is ImageRecord & { kind: PhotoKind } => i.kind !== "signature")
    .map((i) => ({ _id: i._id, kind: i.kind, url: photoUrl(i._id) }));
}

export function createVisitsRepo(sql: Sql): VisitsRepo {
  return {
    async records(bookingId, tx) {
      const q = tx ?? sql;
      const [booking] = await q<{ visit_stage: VisitStage; customer_not_present: boolean }[]>`
        select visit_stage, customer_not_present from bookings where id = ${bookingId}`;
      const history = await q<{ stage: VisitStage; at: Date; staff_name: string }[]>`
        select stage, at, staff_name from booking_visit_history where booking_id = ${bookingId} order by seq`;
      const notes = await q<{ id: string; text: string; at: Date; staff_name: string }[]>`
        select id, text, at, staff_name from booking_notes where booking_id = ${bookingId} order by seq`;
      const images = await q<ImageRow[]>`
        select id, booking_id, kind, content_type, byte_size, storage_key, staff_id
        from booking_images where booking_id = ${bookingId} order by seq`;
      return {
        visit: {
          stage: booking?.visit_stage ?? "scheduled",
          history: history.map((h) => ({ stage: h.stage, at: h.at.toISOString(), by: h.staff_name })),
          customerNotPresent: booking?.customer_not_present ?? false,
        },
        notes: notes.map((n) => ({ _id: n.id, text: n.text, at: n.at.toISOString(), by: n.staff_name })),
        images: images.map(toImage),
      };
    },
    async addStage(tx, bookingId, stage, by) {
      await tx`
        insert into booking_visit_history (booking_id, stage, staff_id, staff_name)
        values (${bookingId}, ${stage}, ${by._id}, ${by.name})`;
    },
    async setCustomerNotPresent(tx, bookingId, notPresent) {
      await tx`update bookings set customer_not_present = ${notPresent} where id = ${bookingId}`;
    },
    async addNote(tx, bookingId, text, by) {
      const [row] = await tx<{ id: string; at: Date }[]>`
        insert into booking_notes (booking_id, text, staff_id, staff_name)
        values (${bookingId}, ${text}, ${by._id}, ${by.name})
        returning id, at`;
      return { _id: row!.id, text, at: row!.at.toISOString(), by: by.name };
    },
    async addImage(tx, image, by) {
      if (image.kind === "signature") {
        await tx`delete from booking_images where booking_id = ${image.bookingId} and kind = 'signature'`;
      }
      const [row] = await tx<ImageRow[]>`
        insert into booking_images (booking_id, kind, content_type, byte_size, storage_key, staff_id, staff_name)
        values (${image.bookingId}, ${image.kind}, ${image.contentType}, ${image.byteSize}, ${image.storageKey},
                ${by._id}, ${by.name})
        returning id, booking_id, kind, content_type, byte_size, storage_key, staff_id`;
      return toImage(row!);
    },
    async image(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<ImageRow[]>`
        select id, booking_id, kind, content_type, byte_size, storage_key, staff_id
        from booking_images where id = ${id}`;
      return row ? toImage(row) : null;
    },
    async wasAssigned(bookingId, staffId, tx) {
      const q = tx ?? sql;
      const rows = await q`
        select 1 from audit_log
        where entity_type = 'booking' and entity_id = ${bookingId}
          and changes -> 'technicianId' ->> 'to' = ${staffId}
        limit 1`;
      return rows.length > 0;
    },
  };
}
