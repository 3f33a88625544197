import type { Invoice } from "@contracts/invoices/invoice.ts";
import { describe, expect, it } from "vitest";
import type { WaitingInvoiceWork } from "../../lib/offline-queue/invoiceWrites.ts";
import { previewInvoice, withWaitingInvoice } from "./invoiceView.ts";

const job = {
  _id: "b1",
  unitCount: 3,
  originalPrice: 447,
  discountAmount: 44.7,
  approvedWork: {
    totalCents: 44_900,
    items: [
      {
        estimateId: "e1",
        number: "E-1001",
        optionId: "o1",
        title: "Better",
        lines: [{ description: "UV light", quantity: 1, unitPriceCents: 44_900, amountCents: 44_900, taxable: true }],
        subtotalCents: 44_900,
        taxCents: 0,
        totalCents: 44_900,
      },
    ],
  },
} as unknown as Parameters<typeof previewInvoice>[0];
const tax = { taxRatePercent: 7.25, taxLabel: "Sales tax" };
const create: WaitingInvoiceWork = {
  id: "q1",
  work: { type: "create", bookingId: "b1" },
  state: "pending",
  error: null,
};
const check: WaitingInvoiceWork = {
  id: "q2",
  work: {
    type: "pay",
    bookingId: "b1",
    body: { method: "check", amountCents: 5_000, reference: "1042", at: "2030-06-10T14:00:00.000Z" },
  },
  state: "pending",
  error: null,
};

describe("the invoice as the device shows it", () => {
  it("prices an invoice made offline as the server does: units, the discount as its own line, approved work, tax", () => {
    const preview = previewInvoice(job, "Air Duct Cleaning", tax);
    expect(preview.lines.map((l) => [l.description, l.quantity, l.amountCents])).toEqual([
      ["Air Duct Cleaning", 3, 44_700],
      ["Quantity discount", 1, -4_470],
      ["UV light (E-1001: Better)", 1, 44_900],
    ]);
    expect(preview).toMatchObject({ subtotalCents: 85_130, taxCents: 6_172, totalCents: 91_302, paidCents: 0 });
    expect(preview.balanceCents).toBe(91_302);
  });

  it("shows an invoice made here as waiting, with a check taken here counted in what is paid", () => {
    const shown = withWaitingInvoice(null, [create, check], () => previewInvoice(job, "Air Duct Cleaning", tax))!;
    expect(shown.waiting).toBe(true);
    expect(shown.invoice).toMatchObject({ status: "partially_paid", paidCents: 5_000, balanceCents: 86_302 });
    expect(shown.payments).toEqual([
      { payment: expect.objectContaining({ method: "check", reference: "1042", amountCents: 5_000 }), waiting: true },
    ]);
  });

  it("lays a waiting payment over the server's invoice, and shows nothing at all before any invoice", () => {
    const served = { ...previewInvoice(job, "Air Duct Cleaning", tax), _id: "i1", number: "INV-000001" } as Invoice;
    const shown = withWaitingInvoice(served, [check], () => served)!;
    expect(shown.waiting).toBe(false);
    expect(shown.invoice.balanceCents).toBe(86_302);
    expect(withWaitingInvoice(null, [], () => served)).toBeNull();
    // A refused payment is listed apart, not counted.
    expect(withWaitingInvoice(served, [{ ...check, state: "failed" }], () => served)!.invoice.paidCents).toBe(0);
  });
});
