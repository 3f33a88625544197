import type { Booking } from "../bookings/booking.ts";
import type { ContactMessage } from "../contact/contact.ts";
import type { EstimateApproved } from "../estimates/estimate.ts";
import type { Invoice, InvoicePaid } from "../invoices/invoice.ts";
import type { RatingReceived } from "../portal/portal.ts";
import type { BusinessProfile } from "../settings/profile.ts";
import type { TextMessageEvent } from "../texts/texts.ts";

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

/** A job taken from a technician (the `jobUnassigned` event): which one, and when. */
export interface JobUnassigned {
  _id: string;
  updatedAt: string;
}

/**
 * Who hears what (decision 0030): `newBooking`, `bookingDeleted`, `contactMessage`, `estimateApproved`,
 * `ratingReceived` and `textMessage` reach admins only;
 * `bookingUpdated` reaches admins and the booking's technician; `jobAssigned` and `jobUnassigned` reach only the
 * technician concerned; `settingsChanged` reaches every socket.
 */
export interface ServerToClientEvents {
  newBooking: (booking: Booking) => void;
  bookingUpdated: (booking: Booking) => void;
  bookingDeleted: (payload: BookingDeleted) => void;
  /** A visitor's new message, for the Messages tab. */
  contactMessage: (message: ContactMessage) => void;
  /** A customer rated a visit (every rating, whatever its stars: no review gating). */
  ratingReceived: (rating: RatingReceived) => void;
  /**
   * The owner changed the settings: the new public profile (texts and booking rules), to every socket, visitors'
   * included, so open booking forms and dashboards apply it at once. Nothing in it is private.
   */
  settingsChanged: (profile: BusinessProfile) => void;
  /** A job was given to this technician. */
  jobAssigned: (booking: Booking) => void;
  /** A job of this technician was given to someone else, unassigned or deleted. */
  jobUnassigned: (payload: JobUnassigned) => void;
  /** A customer approved an estimate, on the tablet or through its link: the office hears at once. */
  estimateApproved: (payload: EstimateApproved) => void;
  /** An invoice was made, paid, refunded, edited or voided: to admins and the booking's technician. */
  invoiceUpdated: (invoice: Invoice) => void;
  /** An invoice's balance reached zero: to admins. */
  invoicePaid: (payload: InvoicePaid) => void;
  /** A customer's text came in, or a text's delivery state changed: to admins (the Messages screen, the customer's). */
  textMessage: (payload: TextMessageEvent) => void;
}

// Admin sockets only listen; every write goes through the HTTP API.
// deno-lint-ignore no-empty-interface
export interface ClientToServerEvents {}

/** Name of the Socket.IO room that authenticated admins (owners and admins) join. */
export const ADMIN_ROOM = "admins";

/**
 * The room of one staff member's own sockets, whatever their role: a technician's job events go there, and
 * revoking the person's tokens closes every socket in it, on every instance.
 */
export const staffRoom = (staffId: string) => `staff:${staffId}`;

/** The sockets of one sign-in (a session), closed when that session is revoked. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Why the server refused an admin socket's handshake (the `message` of the client's `connect_error`). A refused
 * handshake is not retried by the client on its own, so each one says what the dashboard does next.
 */
export const SOCKET_REFUSALS = {
  /** The token is forged, expired or revoked: the session is over, log in again. */
  unauthorized: "unauthorized",
  /** The token could not be checked (database unreachable): try again shortly. */
  unavailable: "unavailable",
} as const;

/** How long a dashboard waits before asking again after an `unavailable` refusal. */
export const SOCKET_RETRY_AFTER_UNAVAILABLE_MS = 3000;

/**
 * The dashboard's Socket.IO client options (SPEC §9 defaults), shared by the PWA and the scale test's dashboards.
 * Websocket only: the instances sit behind a balancer without sticky sessions, and long-polling needs every
 * request to reach the same one.
 */
export const ADMIN_SOCKET_OPTIONS = {
  transports: ["websocket"],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
};
