import type { BookingChecklistItem, ChecklistItem } from "../../../contracts/visit/checklists.ts";
import type { CustomerRating } from "../../../contracts/visit/job.ts";
import type { VisitNote, VisitPhoto, PhotoKind, PhotoType, Visit, VisitStage } from "../../../contracts/visit/visit.ts";
import type { Sql, Tx } from "../../../db/client.ts";
import { isUuid } from "../../../db/ids.ts";

/** Who did something on a visit (a staff member acting), with their name as it was then. */
export interface Staffer {
  id: string | null;
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
  /** When it was taken. */
  takenAt: string;
  receivedAt: string;
}

export interface VisitRecords {
  visit: Visit;
  notes: VisitNote[];
  images: ImageRecord[];
  /** The service's checklist as it is now, with this booking's ticks. */
  checklist: BookingChecklistItem[];
}

/** The visit's records beside a booking: history, notes, photos, the signature. */
export interface VisitsRepo {
  records(bookingId: string, tx?: Tx): Promise<VisitRecords>;
  /** `at`: when it was done on the device, bounded (boundedAt); the row keeps its arrival beside it. */
  addStage(tx: Tx, bookingId: string, stage: VisitStage, by: Staffer, at: Date): Promise<void>;
  addNote(tx: Tx, bookingId: string, text: string, by: Staffer, at: Date): Promise<VisitNote>;
  /** A new image record (a new signature replaces the old one, whose bytes go with it). */
  addImage(
    tx: Tx,
    image: Omit<ImageRecord, "_id" | "takenAt" | "receivedAt">,
    by: Staffer,
    takenAt: Date,
  ): Promise<ImageRecord>;
  /** Ticks or unticks an item of the booking's checklist; null when its service has no such item. */
  tick(
    tx: Tx,
    bookingId: string,
    itemId: string,
    tick: { done: boolean; at: Date },
    by: Staffer,
  ): Promise<BookingChecklistItem | null>;
  /**
   * What a device's time is bounded by, in one round trip: the database's clock (the time of arrival), and since when
   * the booking's work can have been done (the first assignment of its technician, audited, else its creation).
   */
  clock(
    tx: Tx,
    booking: { _id: string; technicianId: string | null; createdAt: string },
  ): Promise<{ now: Date; since: Date }>;
  image(id: string): Promise<ImageRecord | null>;
  /** The customer's rating of the visit (the portal's), or null before one is given. */
  rating(bookingId: string): Promise<CustomerRating | null>;
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
  taken_at: Date;
  created_at: Date;
}

const IMAGE_COLUMNS = "id, booking_id, kind, content_type, byte_size, storage_key, staff_id, taken_at, created_at";

const toImage = (r: ImageRow): ImageRecord => ({
  _id: r.id,
  bookingId: r.booking_id,
  kind: r.kind,
  contentType: r.content_type,
  byteSize: r.byte_size,
  storageKey: r.storage_key,
  staffId: r.staff_id,
  takenAt: r.taken_at.toISOString(),
  receivedAt: r.created_at.toISOString(),
});

interface TickRow {
  item_id: string;
  done: boolean;
  at: Date;
  received_at: Date;
  staff_name: string;
}

/** The service's items with the booking's ticks; ticks of items no longer on the list are left out. */
function checklistOf(items: readonly ChecklistItem[], ticks: readonly TickRow[]): BookingChecklistItem[] {
  const byId = new Map(ticks.map((t) => [t.item_id, t]));
  return items.map((item) => {
    const tick = byId.get(item._id);
    return {
      ...item,
      done: tick?.done ?? false,
      at: tick?.at.toISOString() ?? null,
      receivedAt: tick?.received_at.toISOString() ?? null,
      by: tick?.staff_name ?? null,
    };
  });
}

export const photoUrl = (id: string) => `/api/photos/${id}`;

export function photosOf(images: readonly ImageRecord[]): VisitPhoto[] {
  return images
    .filter((i): i is ImageRecord & { kind: PhotoKind } => i.kind !== "signature")
    .map((i) => ({ _id: i._id, kind: i.kind, url: photoUrl(i._id), at: i.takenAt, receivedAt: i.receivedAt }));
}

export function createVisitsRepo(sql: Sql): VisitsRepo {
  return {
    async records(bookingId, tx) {
      const q = tx ?? sql;
      const [booking] = await q<
        { visit_stage: VisitStage; customer_not_present: boolean; checklist: ChecklistItem[] | null }[]
      >`
        select b.visit_stage, b.customer_not_present, s.checklist
        from bookings b left join services s on s.id = b.service_type where b.id = ${bookingId}`;
      const history = await q<{ stage: VisitStage; at: Date; received_at: Date; staff_name: string }[]>`
        select stage, at, received_at, staff_name from booking_visit_history
        where booking_id = ${bookingId} order by seq`;
      const notes = await q<{ id: string; text: string; at: Date; received_at: Date; staff_name: string }[]>`
        select id, text, at, received_at, staff_name from booking_notes where booking_id = ${bookingId} order by seq`;
      const images = await q<ImageRow[]>`
        select ${q.unsafe(IMAGE_COLUMNS)} from booking_images where booking_id = ${bookingId} order by seq`;
      const ticks = await q<TickRow[]>`
        select item_id, done, at, received_at, staff_name from booking_checklist where booking_id = ${bookingId}`;
      const iso = (d: Date) => d.toISOString();
      return {
        visit: {
          stage: booking?.visit_stage ?? "scheduled",
          history: history.map((h) => ({
            stage: h.stage,
            at: iso(h.at),
            receivedAt: iso(h.received_at),
            by: h.staff_name,
          })),
          customerNotPresent: booking?.customer_not_present ?? false,
        },
        notes: notes.map((n) => ({
          _id: n.id,
          text: n.text,
          at: iso(n.at),
          receivedAt: iso(n.received_at),
          by: n.staff_name,
        })),
        images: images.map(toImage),
        checklist: checklistOf(booking?.checklist ?? [], ticks),
      };
    },
    async addStage(tx, bookingId, stage, by, at) {
      await tx`
        insert into booking_visit_history (booking_id, stage, staff_id, staff_name, at)
        values (${bookingId}, ${stage}, ${by.id}, ${by.name}, ${at})`;
    },
    async addNote(tx, bookingId, text, by, at) {
      const [row] = await tx<{ id: string; at: Date; received_at: Date }[]>`
        insert into booking_notes (booking_id, text, staff_id, staff_name, at)
        values (${bookingId}, ${text}, ${by.id}, ${by.name}, ${at})
        returning id, at, received_at`;
      return {
        _id: row!.id,
        text,
        at: row!.at.toISOString(),
        receivedAt: row!.received_at.toISOString(),
        by: by.name,
      };
    },
    async tick(tx, bookingId, itemId, { done, at }, by) {
      const [service] = await tx<{ checklist: ChecklistItem[] }[]>`
        select s.checklist from bookings b join services s on s.id = b.service_type where b.id = ${bookingId}`;
      const item = service?.checklist.find((i) => i._id === itemId);
      if (!item) return null;
      const [row] = await tx<TickRow[]>`
        insert into booking_checklist (booking_id, item_id, done, at, staff_id, staff_name)
        values (${bookingId}, ${itemId}, ${done}, ${at}, ${by.id}, ${by.name})
        on conflict (booking_id, item_id) do update
          set done = excluded.done, at = excluded.at, staff_id = excluded.staff_id, staff_name = excluded.staff_name,
              received_at = date_trunc('milliseconds', now())
        returning item_id, done, at, received_at, staff_name`;
      return checklistOf([item], [row!])[0]!;
    },
    async clock(tx, booking) {
      // Without a technician the comparison is null and so is the assignment: the booking's creation stands.
      const [row] = await tx<{ now: Date; assigned: Date | null }[]>`
        select date_trunc('milliseconds', now()) as now,
          (select min(at) from audit_log
           where entity_type = 'booking' and entity_id = ${booking._id}
             and changes -> 'technicianId' ->> 'to' = ${booking.technicianId}) as assigned`;
      return { now: row!.now, since: row!.assigned ?? new Date(booking.createdAt) };
    },
    async addImage(tx, image, by, takenAt) {
      if (image.kind === "signature") {
        await tx`delete from booking_images where booking_id = ${image.bookingId} and kind = 'signature'`;
      }
      const [row] = await tx<ImageRow[]>`
        insert into booking_images (booking_id, kind, content_type, byte_size, storage_key, staff_id, staff_name,
                                    taken_at)
        values (${image.bookingId}, ${image.kind}, ${image.contentType}, ${image.byteSize}, ${image.storageKey},
                ${by.id}, ${by.name}, ${takenAt})
        returning ${tx.unsafe(IMAGE_COLUMNS)}`;
      return toImage(row!);
    },
    async image(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<ImageRow[]>`select ${sql.unsafe(IMAGE_COLUMNS)} from booking_images where id = ${id}`;
      return row ? toImage(row) : null;
    },
    async rating(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await sql<{ stars: number; comment: string; created_at: Date }[]>`
        select stars, comment, created_at from booking_ratings where booking_id = ${bookingId}`;
      return row ? { stars: row.stars, comment: row.comment, createdAt: row.created_at.toISOString() } : null;
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
