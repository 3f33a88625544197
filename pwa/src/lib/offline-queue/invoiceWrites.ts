import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Invoice } from "@contracts/invoices/invoice.ts";
import type { PaymentSchema } from "@contracts/invoices/schemas.ts";
import type * as v from "valibot";
import { endSession } from "../http.ts";
import type { QueueItem } from "./db.ts";
import { subscribeQueue } from "./events.ts";
import { dismiss, enqueue, flushQueue, list, type QueuePolicy } from "./queue.ts";

/**
 * A booking's invoice made on a device, or a payment taken there, kept until the server has it. Both name the booking,
 * not the invoice: a payment taken offline on an invoice made offline goes to `/api/bookings/{id}/invoice/payments`,
 * which the server resolves to the booking's one invoice.
 */
export type InvoiceWork = { type: "create"; bookingId: string } | { type: "pay"; bookingId: string; body: PaymentBody };

/** A payment as the device sends it, with the time it was taken on site. */
export type PaymentBody = v.InferInput<typeof PaymentSchema> & { at: string };

export interface WaitingInvoiceWork {
  id: string;
  work: InvoiceWork;
  /** 'failed': the server refused it; its words are in `error`. */
  state: QueueItem["state"];
  error: string | null;
}

/**
 * Both writes in one kind, so the queue replays them in the order they were made and holds a payment back while the
 * invoice's creation waits (a staff kind holds back its later items); each goes once with its Idempotency-Key (the
 * payment's is required: the same key twice records one payment).
 */
const invoiceWork: QueuePolicy<InvoiceWork> = {
  kind: "invoice",
  request(work) {
    const booking = `/api/bookings/${encodeURIComponent(work.bookingId)}/invoice`;
    if (work.type === "create") return { method: "POST", url: booking, body: {} };
    return { method: "POST", url: `${booking}/payments`, body: work.body };
  },
  staff: true,
  versioned: false,
};

export type InvoiceWorkResult = { state: "sent"; invoice: Invoice } | { state: "queued" };

/**
 * Keeps `work` on the device and sends it when it can: 'sent' with the server's invoice, or 'queued' (offline, no
 * answer, or behind another write still on the device: the invoice's creation, or the visit's completion it needs).
 * A refusal is thrown with nothing kept.
 */
export async function saveInvoiceWork(work: InvoiceWork, options: { after?: string } = {}): Promise<InvoiceWorkResult> {
  const after = (work.type === "pay" ? await waitingCreation(work.bookingId) : undefined) ?? options.after;
  const result = await enqueue(invoiceWork, work, { endSession, after });
  return result.state === "sent"
    ? { state: "sent", invoice: (result.body as DataEnvelope<Invoice>).data }
    : { state: "queued" };
}

/** The queue item of the booking's invoice creation while it is still on this device. */
async function waitingCreation(bookingId: string): Promise<string | undefined> {
  const items = await list([invoiceWork.kind]);
  return items.find((item) => {
    const work = item.payload as InvoiceWork;
    return work.type === "create" && work.bookingId === bookingId;
  })?.id;
}

/** The invoice work still on this device for one booking, oldest first. */
export async function waitingInvoiceWork(bookingId: string): Promise<WaitingInvoiceWork[]> {
  return (await list([invoiceWork.kind]))
    .map(({ id, payload, state, lastError }) => ({ id, work: payload as InvoiceWork, state, error: lastError }))
    .filter((waiting) => waiting.work.bookingId === bookingId);
}

/** Sends what waits now (a creation was just delivered and its payment follows). */
export async function sendWaitingInvoiceWork(): Promise<void> {
  await flushQueue([invoiceWork.kind], { ignoreBackoff: true, endSession });
}

export const dismissInvoiceWork = (id: string) => dismiss(id);

/** Calls `onChange` whenever the invoice work of `bookingId` on this device changes; a logout's wipe counts too. */
export function onInvoiceWorkChange(
  bookingId: string,
  onChange: (type: "queued" | "delivered" | "failed" | "dismissed" | "settled" | "cleared") => void,
): () => void {
  return subscribeQueue((event) => {
    if (event.type === "admin-cleared") onChange("cleared");
    else if (event.item.kind === invoiceWork.kind && (event.item.payload as InvoiceWork).bookingId === bookingId)
      onChange(event.type);
  });
}
