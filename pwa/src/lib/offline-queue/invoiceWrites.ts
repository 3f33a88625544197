import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Invoice } from "@contracts/invoices/invoice.ts";
import type { PaymentSchema } from "@contracts/invoices/schemas.ts";
import type * as v from "valibot";
import { endSession } from "../http.ts";
import { bookingWorkOf, type WaitingWork } from "./bookingWork.ts";
import { enqueue, list, type QueuePolicy } from "./queue.ts";

/**
 * A booking's invoice made on a device, or a payment taken there, kept until the server has it. Both name the booking,
 * not the invoice: a payment taken offline on an invoice made offline goes to `/api/bookings/{id}/invoice/payments`,
 * which the server resolves to the booking's one invoice.
 */
export type InvoiceWork = { type: "create"; bookingId: string } | { type: "pay"; bookingId: string; body: PaymentBody };

/** A payment as the device sends it, with the time it was taken on site. */
export type PaymentBody = v.InferInput<typeof PaymentSchema> & { at: string };

export type WaitingInvoiceWork = WaitingWork<InvoiceWork>;

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

/** The invoice work on this device per booking: what waits, Send now, dropping a refused piece, its changes. */
export const invoiceBookingWork = bookingWorkOf<InvoiceWork>(invoiceWork.kind);
export const waitingInvoiceWork = invoiceBookingWork.waiting;
export const sendWaitingInvoiceWork = invoiceBookingWork.send;
export const dismissInvoiceWork = invoiceBookingWork.dismiss;
