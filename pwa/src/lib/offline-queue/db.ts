import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from "idb";
import type { DashboardSummary } from "@contracts/dashboard/summary.ts";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { moveOlderItems } from "./migrateQueue.ts";
import type { StoredBytes } from "./storedBytes.ts";

/**
 * Every kind of write the device can keep for later; each has its policy (publicWrites.ts, adminStatusQueue.ts,
 * estimateWrites.ts, invoiceWrites.ts, features/jobs/jobQueue.ts).
 */
export type QueueKind = "booking" | "contact" | "booking-status" | "job" | "estimate" | "invoice";
export const ALL_KINDS: readonly QueueKind[] = ["booking", "contact", "booking-status", "job", "estimate", "invoice"];

/**
 * A write waiting for the server, or refused by it on replay (kept so the person learns of it). It says all a
 * sender needs, so the service worker can replay it without knowing its feature.
 */
export interface QueueItem {
  id: string;
  kind: QueueKind;
  /** What the person asked for, as the screens show it. */
  payload: unknown;
  method: "POST" | "PUT";
  url: string;
  /**
   * The JSON sent, or bytes sent as they are with their own type (a photo): kept as StoredBytes (storedBytes.ts), a
   * Blob only in items an older version kept and not yet moved.
   */
  body: unknown;
  /** Sent with the session's token (read at send time); replayed only while its owner is signed in. */
  staff: boolean;
  /**
   * The staff member (SessionUser _id) who made a staff write: it is sent only under their own session, and stays on
   * the device through a logout until they sign in again. Null for a public write; absent on an item an older
   * version kept before anyone signed in again (sent under the next session, as it was then).
   */
  owner?: string | null;
  /** What the person did and what about, as the sync list shows it (absent on items of older versions). */
  label?: QueueItemLabel;
  /** Carries the version the person saw: a 409 means someone changed the record meanwhile ('conflict'). */
  versioned: boolean;
  /** Sent as Idempotency-Key on every attempt: the server answers a repeat with the first result. */
  key: string;
  /** 'conflict': a versioned write the server refused with 409, someone changed the record meanwhile. */
  state: "pending" | "failed" | "conflict";
  attempts: number;
  /** Epoch ms before which a flush leaves the item alone (backoff, Retry-After). */
  nextAttemptAt: number;
  /** Epoch ms set only by the server's Retry-After; a forced flush (back online) still waits for it. */
  serverHoldUntil: number;
  createdAt: number;
  lastError: string | null;
  /** The HTTP status of the refusal when the state is 'failed' or 'conflict'. */
  failedStatus: number | null;
}

/** How the staff shell's sync list names an item: "Before photo" about "Dana Smith". */
export interface QueueItemLabel {
  what: string;
  about?: string;
}

/**
 * What the device keeps about itself. `marker`: written when staff sign in; gone while its copy in localStorage
 * remains, it says the browser cleared this site's storage (deviceStorage/evictionMarker.ts).
 */
export interface DeviceMarker {
  id: string;
  /** ISO time it was written. */
  at: string;
}

export type PublicWriteKind = "booking" | "contact";

/** A public write (a visitor's booking or message). */
export type PublicWriteItem = QueueItem & { kind: PublicWriteKind };

export interface AdminSnapshot {
  /** The bookings of the window, in visit order (a copy kept before the window lacks the fields below). */
  bookings: Booking[];
  services: Service[];
  /** ISO time of the last successful load from the server. */
  syncedAt: string;
  /** The visit dates the copy holds, both included. */
  window?: { from: string; to: string };
  /** The office's figures when the copy was made. */
  summary?: DashboardSummary;
  /** True when the window held more than the cap: the copy keeps the nearest visits. */
  truncated?: boolean;
}

/** A technician's job as last loaded, for the job screen offline. */
export interface StoredJob {
  job: JobDetails;
  /** ISO time of the load. */
  syncedAt: string;
}

interface ClearflowDB extends DBSchema {
  queue: { key: string; value: QueueItem };
  "admin-snapshot": { key: "latest"; value: AdminSnapshot };
  jobs: { key: string; value: StoredJob };
  /** The bytes of photos and signatures loaded from the server, by their URL. */
  "job-images": { key: string; value: Blob | StoredBytes };
  device: { key: "marker"; value: DeviceMarker };
}

export type Db = IDBPDatabase<ClearflowDB>;

const DB_NAME = "clearflow";
const DB_VERSION = 4;

let opening: Promise<Db> | null = null;

/** One connection per context (window or worker), opened on first use. */
export function db(): Promise<Db> {
  opening ??= openDB<ClearflowDB>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) database.createObjectStore("admin-snapshot");
      if (oldVersion < 2) database.createObjectStore("queue", { keyPath: "id" });
      if (oldVersion === 1) moveVersion1Queues(database as unknown as IDBPDatabase, transaction as never);
      if (oldVersion < 3) {
        database.createObjectStore("jobs", { keyPath: "job._id" });
        database.createObjectStore("job-images");
      }
      if (oldVersion < 4) database.createObjectStore("device");
    },
    // Another tab upgrading the schema must not be blocked by our old connection.
    blocking() {
      void opening?.then((connection) => connection.close());
      opening = null;
    },
  })
    // Work an older version kept as Blobs is moved to bytes before anyone reads the queue (migrateQueue.ts).
    .then(async (database) => {
      await moveOlderItems(database).catch((error: unknown) => console.error("Moving queued work failed", error));
      return database;
    })
    .catch((error: unknown) => {
      // Storage can be refused now and granted later (private mode, quota): do not keep the failure.
      opening = null;
      throw error;
    });
  return opening;
}

/**
 * Version 1 kept public writes in 'outbox' and status changes in 'admin-status': both move into 'queue'. Those are the
 * store names a device of version 1 has, so they keep the old word (the queue was called the outbox then). Like
 * DB_NAME, DB_VERSION and the store names above, they are on devices: they change only through a new version and
 * its upgrade, never by a rename.
 */
function moveVersion1Queues(
  database: IDBPDatabase,
  transaction: IDBPTransaction<unknown, StoreNames<unknown>[], "versionchange">,
): void {
  const queue = transaction.objectStore("queue");
  void transaction
    .objectStore("outbox")
    .getAll()
    .then((items: Record<string, unknown>[]) => {
      for (const item of items)
        void queue.put({ ...item, method: "POST", body: item.payload, staff: false, versioned: false });
      database.deleteObjectStore("outbox");
    });
  void transaction
    .objectStore("admin-status")
    .getAll()
    .then((changes: Record<string, unknown>[]) => {
      for (const change of changes) {
        const { bookingId, status, version, ...rest } = change as {
          bookingId: string;
          status: string;
          version: number;
        };
        void queue.put({
          ...rest,
          id: `booking-status:${bookingId}`,
          kind: "booking-status",
          payload: { bookingId, status, version },
          method: "PUT",
          url: `/api/bookings/${encodeURIComponent(bookingId)}/status`,
          body: { status, version },
          staff: true,
          versioned: true,
          key: `${bookingId}:${String(change.createdAt)}`,
          nextAttemptAt: 0,
          serverHoldUntil: 0,
        });
      }
      database.deleteObjectStore("admin-status");
    });
}

/** Tests only: forget the connection so a fresh fake IndexedDB can be used. */
export async function closeDbForTests(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current).close();
}
