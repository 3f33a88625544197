import type { Invoice } from "@contracts/invoices/invoice.ts";
import { useCallback, useEffect } from "react";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";
import {
  onInvoiceWorkChange,
  sendWaitingInvoiceWork,
  waitingInvoiceWork,
} from "../../lib/offline-queue/invoiceWrites.ts";
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
  // A device read: its answer is dropped once the screen has closed, as a read of IndexedDB may come after.
  const readWaiting = useCallback(
    () =>
      waitingInvoiceWork(bookingId).catch((error: unknown) => {
        console.error("Reading the invoice work waiting on this device failed", error);
        throw error;
      }),
    [bookingId],
  );
  const { value, again } = useDeviceRead(readWaiting);
  const waiting = value ?? [];
  useEffect(
    () =>
      onInvoiceWorkChange(bookingId, (type) => {
        again();
        if (type !== "delivered") return;
        onDelivered();
        // The invoice just arrived: the payment taken behind it goes now, not at the next round of the sync loop.
        void sendWaitingInvoiceWork().catch(() => undefined);
      }),
    [bookingId, again, onDelivered],
  );

  return {
    shown: withWaitingInvoice(invoice, waiting, preview),
    refused: waiting.filter((w) => w.state !== "pending"),
    waitingCreation: waiting.some((w) => w.state === "pending" && w.work.type === "create"),
  };
}
