import type { Booking } from "./entities.ts";
import type { ContactMessage } from "./mail.ts";

/** Socket.IO event names, sent to the admins' room only. */
export const SOCKET_EVENTS = {
  newBooking: "newBooking",
  bookingUpdated: "bookingUpdated",
  bookingDeleted: "bookingDeleted",
  contactMessage: "contactMessage",
} as const;

/** A deleted booking: the `bookingDeleted` event, and each row of GET /api/bookings/deleted. */
export interface BookingDeleted {
  _id: string;
  /** The instant of the deletion. */
  updatedAt: string;
}

/**
 * How far before its cursor (the newest updatedAt it saw) a dashboard's catch-up asks. A row's updatedAt is
 * its transaction's start, not its commit: a transaction that began before another but committed after it
 * carries an older instant than the cursor the other one moved, and `updatedAt > cursor` would never return
 * it. Asking from a minute earlier covers any write transaction shorter than that; what comes back twice is
 * dropped by the dashboard's reducer (same id, no newer version).
 */
export const CATCH_UP_OVERLAP_MS = 60_000;

/**
 * How long the server keeps the record of a deleted booking for GET /api/bookings/deleted (older ones are
 * purged by later deletes). A dashboard whose cursor is older than this reloads the whole list instead.
 */
export const DELETION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface ServerToClientEvents {
  newBooking: (booking: Booking) => void;
  bookingUpdated: (booking: Booking) => void;
  bookingDeleted: (payload: BookingDeleted) => void;
  /** A visitor's new message, for the Messages tab. */
  contactMessage: (message: ContactMessage) => void;
}

// Admin sockets only listen; every write goes through the HTTP API.
// deno-lint-ignore no-empty-interface
export interface ClientToServerEvents {}

/** Name of the Socket.IO room that authenticated admins join. */
export const ADMIN_ROOM = "admins";
