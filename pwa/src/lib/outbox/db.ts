import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { Booking, BookingStatus, Service } from "@contracts/entities.ts";

export type OutboxKind = "booking" | "contact";

/** A public write waiting for the server, or refused by it on replay (kept so the person learns of it). */
export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  url: string;
  payload: unknown;
  /** Sent as Idempotency-Key on every attempt: the server answers a repeat with the first result. */
  key: string;
  state: "pending" | "failed";
  attempts: number;
  /** Epoch ms before which a flush leaves the item alone (backoff, Retry-After). */
  nextAttemptAt: number;
  /** Epoch ms set only by the server's Retry-After; a forced flush (back online) still waits for it. */
  serverHoldUntil: number;
  createdAt: number;
  lastError: string | null;
  /** The HTTP status of the refusal when state is 'failed'. */
  failedStatus: number | null;
}

/** A dashboard status change made on this device, replayed with the version the admin saw. */
export interface StatusChange {
  bookingId: string;
  status: BookingStatus;
  version: number;
  state: "pending" | "conflict" | "failed";
  attempts: number;
  createdAt: number;
  lastError: string | null;
  failedStatus: number | null;
}

export interface AdminSnapshot {
  bookings: Booking[];
  services: Service[];
  /** ISO time of the last successful load from the server. */
  syncedAt: string;
}

interface ClearflowDB extends DBSchema {
  outbox: { key: string; value: OutboxItem };
  "admin-status": { key: string; value: StatusChange };
  "admin-snapshot": { key: "latest"; value: AdminSnapshot };
}

export type Db = IDBPDatabase<ClearflowDB>;

const DB_NAME = "clearflow";
const DB_VERSION = 1;

let opening: Promise<Db> | null = null;

/** One connection per context (window or worker), opened on first use. */
export function db(): Promise<Db> {
  opening ??= openDB<ClearflowDB>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore("outbox", { keyPath: "id" });
      database.createObjectStore("admin-status", { keyPath: "bookingId" });
      database.createObjectStore("admin-snapshot");
    },
    // Another tab upgrading the schema must not be blocked by our old connection.
    blocking() {
      void opening?.then((connection) => connection.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    // Storage can be refused now and granted later (private mode, quota): do not keep the failure.
    opening = null;
    throw error;
  });
  return opening;
}

/** Tests only: forget the connection so a fresh fake IndexedDB can be used. */
export async function closeDbForTests(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current).close();
}
