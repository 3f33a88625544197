import type { Booking, BookingStatus } from "@contracts/bookings/booking.ts";
import type { DataEnvelope } from "@contracts/common/wire.ts";
import { endSession } from "../http.ts";
import type { QueueItem } from "./db.ts";
import { dismiss, enqueue, flushQueue, list, type QueuePolicy } from "./queue.ts";

/** A dashboard status change made on this device, as the dashboard shows it. */
export interface StatusChange {
  bookingId: string;
  status: BookingStatus;
  version: number;
  state: QueueItem["state"];
  attempts: number;
  createdAt: number;
  lastError: string | null;
  failedStatus: number | null;
}

/** `keepDepositReason`: cancelling, the office keeps the job's held deposit for this reason (else it is refunded). */
type StatusPayload = Pick<StatusChange, "bookingId" | "status" | "version"> & { keepDepositReason?: string };

export type StatusChangeResult = { state: "applied"; booking: Booking } | { state: "queued" };

/** One entry per booking (a newer change replaces a queued older one), sent with the version the admin saw. */
const bookingStatus: QueuePolicy<StatusPayload> = {
  kind: "booking-status",
  request: ({ bookingId, status, version, keepDepositReason }) => ({
    method: "PUT",
    url: `/api/bookings/${encodeURIComponent(bookingId)}/status`,
    // JSON leaves the reason out when there is none.
    body: { status, version, keepDepositReason },
  }),
  staff: true,
  subject: ({ bookingId }) => bookingId,
  versioned: true,
  describe: ({ bookingId, status }) => ({
    what: `Status to ${status.charAt(0).toUpperCase()}${status.slice(1)}`,
    about: `Booking ${bookingId.slice(-6)}`,
  }),
};

/**
 * A dashboard status change that survives a dropped connection: 'applied' with the server's booking, 'queued'
 * when offline, on a network failure or 5xx, or when the session ended (replayed on reconnect, window only), or
 * the refusal thrown (409 stale version, 404, 422) with nothing kept.
 */
export async function enqueueStatusChange(
  bookingId: string,
  status: BookingStatus,
  version: number,
  keepDepositReason?: string,
): Promise<StatusChangeResult> {
  const result = await enqueue(bookingStatus, { bookingId, status, version, keepDepositReason }, { endSession });
  return result.state === "sent"
    ? { state: "applied", booking: (result.body as DataEnvelope<Booking>).data }
    : { state: "queued" };
}

/**
 * Replays the queued status changes with their stored version. A 409 (someone changed the booking since) is kept
 * as 'conflict' with the server's message for the admin to resolve; nothing is overwritten silently.
 */
/**
 * Cancels a job: its held deposit is kept for `keepDepositReason`, else refunded. The server's booking, or null while
 * the change waits on this device.
 */
export async function cancelJob(
  booking: Pick<Booking, "_id" | "version">,
  keepDepositReason?: string,
): Promise<Booking | null> {
  const sent = await enqueueStatusChange(booking._id, "cancelled", booking.version, keepDepositReason);
  return sent.state === "applied" ? sent.booking : null;
}

export async function flushStatusChanges(): Promise<{ applied: number; rejected: StatusChange[]; pending: number }> {
  const { delivered, failed, pending } = await flushQueue([bookingStatus.kind], { endSession });
  return { applied: delivered.length, rejected: failed.map(statusChangeOf), pending };
}

/** The queued, conflicting and refused status changes, oldest first, for the dashboard to show. */
export async function listStatusChanges(): Promise<StatusChange[]> {
  return (await list([bookingStatus.kind])).map(statusChangeOf);
}

/** Drops a conflicting or refused change once the admin has seen it (and reloaded the booking). */
export async function dismissStatusChange(bookingId: string): Promise<void> {
  // This person's own item about the booking (its id may carry their id beside another person's, queue.ts).
  const item = (await list([bookingStatus.kind])).find(
    (candidate) => (candidate.payload as StatusPayload).bookingId === bookingId && candidate.state !== "pending",
  );
  if (item) await dismiss(item.id);
}

/** The booking a delivered status change answered with, for the dashboard to show at once. */
export function appliedBooking(item: QueueItem, body: unknown): Booking | null {
  return item.kind === bookingStatus.kind ? ((body as DataEnvelope<Booking> | null)?.data ?? null) : null;
}

export function statusChangeOf(item: QueueItem): StatusChange {
  const { bookingId, status, version } = item.payload as StatusPayload;
  const { state, attempts, createdAt, lastError, failedStatus } = item;
  return { bookingId, status, version, state, attempts, createdAt, lastError, failedStatus };
}
