import type { Booking } from "./entities.ts";
import type { ContactMessage } from "./mail.ts";

/** Socket.IO event names, sent to the admins' room only. */
export const SOCKET_EVENTS = {
  newBooking: "newBooking",
  bookingUpdated: "bookingUpdated",
  bookingDeleted: "bookingDeleted",
  contactMessage: "contactMessage",
} as const;

export interface BookingDeleted {
  _id: string;
  updatedAt: string;
}

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
