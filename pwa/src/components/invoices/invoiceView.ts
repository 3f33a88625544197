import type { Invoice, InvoiceLine, Payment } from "@contracts/invoices/invoice.ts";
import { invoiceStatus } from "@contracts/invoices/invoice.ts";
import { documentTotals, lineAmountCents } from "@contracts/money/amounts.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import type { WaitingInvoiceWork } from "../../lib/offline-queue/invoiceWrites.ts";

const line = (description: string, quantity: number, unitPriceCents: number): InvoiceLine => ({
  description,
  quantity,
  unitPriceCents,
  amountCents: lineAmountCents(quantity, unitPriceCents),
  taxable: true,
});

/**
 * The invoice as the server will make it, priced on the device for an invoice made without a signal: the booked
 * service, its quantity discount, the approved estimate work, the business's tax. The server's figures replace it
 * once it has the invoice.
 */
export type PricedJob = Pick<JobDetails, "_id" | "unitCount" | "originalPrice" | "discountAmount" | "approvedWork">;

export function previewInvoice(
  job: PricedJob,
  serviceTitle: string,
  tax: { taxRatePercent: number; taxLabel: string },
): Invoice {
  const units = Math.max(1, job.unitCount);
  const originalCents = Math.round(job.originalPrice * 100);
  const lines = [line(serviceTitle, units, Math.round(originalCents / units))];
  const discountCents = Math.round(job.discountAmount * 100);
  if (discountCents > 0) lines.push(line("Quantity discount", 1, -discountCents));
  for (const item of job.approvedWork?.items ?? [])
    for (const l of item.lines) lines.push({ ...l, description: `${l.description} (${item.number}: ${item.title})` });
  const totals = documentTotals(lines, tax.taxRatePercent);
  return {
    _id: "",
    number: "",
    bookingId: job._id,
    status: "open",
    issuedAt: new Date().toISOString(),
    dueAt: "",
    lines,
    adjustments: [],
    ...totals,
    ...tax,
    paidCents: 0,
    balanceCents: totals.totalCents,
    payments: [],
    token: "",
    voidReason: null,
  };
}

export interface ShownPayment {
  payment: Pick<Payment, "method" | "amountCents" | "reference" | "at" | "refundedCents"> & { _id: string };
  /** Taken on this device and not on the server yet. */
  waiting: boolean;
}

export interface ShownInvoice {
  invoice: Invoice;
  /** Made on this device and not on the server yet: no number, the device's figures. */
  waiting: boolean;
  payments: ShownPayment[];
}

/**
 * The booking's invoice as a screen shows it: the server's, or the one made here while it waits (`preview`), with the
 * payments taken here laid over it, so the balance is what the customer still owes. Null: no invoice anywhere yet.
 */
export function withWaitingInvoice(
  invoice: Invoice | null,
  waiting: readonly WaitingInvoiceWork[],
  preview: () => Invoice,
): ShownInvoice | null {
  const pending = waiting.filter((w) => w.state === "pending");
  const creating = pending.some((w) => w.work.type === "create");
  const base = invoice ?? (creating || pending.length > 0 ? preview() : null);
  if (!base) return null;
  const payments: ShownPayment[] = base.payments.map((payment) => ({ payment, waiting: false }));
  for (const { id, work } of pending) {
    if (work.type !== "pay") continue;
    const { method, amountCents, reference = "", at } = work.body;
    payments.push({ payment: { _id: id, method, amountCents, reference, at, refundedCents: 0 }, waiting: true });
  }
  const waitingCents = payments.filter((p) => p.waiting).reduce((sum, p) => sum + p.payment.amountCents, 0);
  const paidCents = base.paidCents + waitingCents;
  const shown: Invoice = {
    ...base,
    paidCents,
    balanceCents: Math.max(0, base.totalCents - paidCents),
    status: invoiceStatus(base.totalCents, paidCents, base.status === "void"),
  };
  return { invoice: shown, waiting: invoice === null, payments };
}
