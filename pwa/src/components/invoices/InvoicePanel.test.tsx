import "fake-indexeddb/auto";
import type { Invoice, Payment } from "@contracts/invoices/invoice.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ADMIN, json, mockFetch, signedInOnFreshQueue } from "../../test/offlineQueue.ts";
import { InvoicePanel } from "./InvoicePanel.tsx";

const payment = (id: string, amountCents: number, refundedCents: number): Payment => ({
  _id: id,
  method: "cash",
  deposit: false,
  amountCents,
  reference: "",
  at: "2030-06-10T15:00:00.000Z",
  receivedAt: "2030-06-10T15:00:01.000Z",
  by: "Tom Tech",
  refundedCents,
  tipCents: 0,
});

/** $149.00, paid by $100.00 (all of it refunded) and $49.00 (none of it). */
const INVOICE: Invoice = {
  _id: "i1",
  number: "INV-000009",
  bookingId: "b1",
  status: "partially_paid",
  issuedAt: "2030-06-10T15:00:00.000Z",
  dueAt: "2030-06-24",
  lines: [
    { description: "Dryer Vent Cleaning", quantity: 1, unitPriceCents: 14_900, amountCents: 14_900, taxable: true },
  ],
  adjustments: [],
  subtotalCents: 14_900,
  taxCents: 0,
  totalCents: 14_900,
  taxRatePercent: 0,
  taxLabel: "Sales tax",
  paidCents: 4_900,
  balanceCents: 10_000,
  payments: [payment("p1", 10_000, 10_000), payment("p2", 4_900, 0)],
  token: "t",
  voidReason: null,
};

function show(office: boolean) {
  const onChanged = vi.fn();
  render(
    <InvoicePanel
      bookingId="b1"
      invoice={INVOICE}
      pricing={{
        job: {
          _id: "b1",
          unitCount: 1,
          originalPrice: 149,
          discountAmount: 0,
          approvedWork: { totalCents: 0, items: [] },
        },
        serviceTitle: "Dryer Vent Cleaning",
        tax: { taxRatePercent: 0, taxLabel: "Sales tax" },
      }}
      canCreate={false}
      office={office}
      onChanged={onChanged}
    />,
  );
  return { panel: screen.getByRole("region", { name: /Invoice/ }), onChanged, user: userEvent.setup() };
}

signedInOnFreshQueue(ADMIN);

describe("refunds in the invoice panel", () => {
  it("offers Refund to the office on a payment with something left only, and never to a technician", async () => {
    const { panel } = show(false);
    expect(await within(panel).findAllByTestId("invoice-payment")).toHaveLength(2);
    expect(within(panel).queryByRole("button", { name: /^Refund/ })).not.toBeInTheDocument();
  });

  it("refunds the payment chosen, says so and reads the booking again", async () => {
    const fetchMock = mockFetch(json(201, { data: INVOICE }));
    const { panel, onChanged, user } = show(true);
    const refunds = await within(panel).findAllByRole("button", { name: /^Refund/ });
    expect(refunds).toHaveLength(1);
    await user.click(within(panel).getByRole("button", { name: "Refund the Cash payment of $49.00" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund a payment on INV-000009" });
    await user.type(within(dialog).getByLabelText(/Reason/), "Paid twice");
    await user.click(within(dialog).getByRole("button", { name: "Refund $49.00" }));
    expect(await within(panel).findByText("$49.00 refunded.")).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
    expect(String(fetchMock.mock.calls[0]![0])).toContain("/api/payments/p2/refunds");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
