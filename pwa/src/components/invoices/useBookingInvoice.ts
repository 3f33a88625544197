import type { Invoice } from "@contracts/invoices/invoice.ts";
import { invoiceBookingWork } from "../../lib/offline-queue/invoiceWrites.ts";
import { useBookingWork } from "../../lib/useBookingWork.ts";
import { withWaitingInvoice } from "./invoiceView.ts";

/**
 * A booking's invoice as a screen shows it: the server's, with what was made or taken on this device laid over it
 * until the server has it. `onDelivered`: read the booking again (the server's number and figures).
 */
export function useBookingInvoice(
  bookingId: string,
  invoice: Invoice | null,
  preview: () => Invoice,
  onDelivered: () => void,
) {
  const waiting = useBookingWork(invoiceBookingWork, bookingId, "the invoice work", onDelivered);
  return {
    shown: withWaitingInvoice(invoice, waiting, preview),
    refused: waiting.filter((w) => w.state !== "pending"),
    waitingCreation: waiting.some((w) => w.state === "pending" && w.work.type === "create"),
  };
}
