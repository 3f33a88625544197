import type { Payment } from "@contracts/invoices/invoice.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { RefundDialog } from "./RefundDialog.tsx";

const ROUTE = "POST /api/payments/p1/refunds";

/** A $149.00 cash payment of which $49.00 was already given back: $100.00 left. */
const payment: Payment = {
  _id: "p1",
  method: "cash",
  deposit: false,
  amountCents: 14_900,
  reference: "",
  at: "2026-11-20T15:00:00.000Z",
  receivedAt: "2026-11-20T15:00:01.000Z",
  by: "Dana",
  refundedCents: 4_900,
  tipCents: 0,
};

function open() {
  const onRefunded = vi.fn();
  render(<RefundDialog number="INV-000007" payment={payment} onRefunded={onRefunded} onClose={() => undefined} />);
  return { user: userEvent.setup(), onRefunded };
}

const amount = () => screen.getByLabelText(/Amount/);
const sent = (fetchMock: ReturnType<typeof mockFetch>) => JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));

afterEach(() => vi.unstubAllGlobals());

describe("the refund dialog", () => {
  it("starts at what is left of the payment and sends it as whole cents with the reason", async () => {
    const fetchMock = mockFetch({ [ROUTE]: () => json({ data: {} }, 201) });
    const { user, onRefunded } = open();
    expect(amount()).toHaveValue("100.00");
    await user.type(screen.getByLabelText(/Reason/), "  Dryer vent was not reachable  ");
    await user.click(screen.getByRole("button", { name: "Refund $100.00" }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith(10_000));
    expect(sent(fetchMock)).toEqual({ amountCents: 10_000, reason: "Dryer vent was not reachable" });
  });

  it("reads part of it typed in dollars into cents", async () => {
    const fetchMock = mockFetch({ [ROUTE]: () => json({ data: {} }, 201) });
    const { user, onRefunded } = open();
    await user.clear(amount());
    await user.type(amount(), "$25.5");
    await user.type(screen.getByLabelText(/Reason/), "Only one vent cleaned");
    await user.click(screen.getByRole("button", { name: "Refund $25.50" }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith(2_550));
    expect(sent(fetchMock).amountCents).toBe(2_550);
  });

  it("refuses more than is left, nothing, a fraction of a cent and no reason, before sending anything", async () => {
    const fetchMock = mockFetch({});
    const { user, onRefunded } = open();
    await user.clear(amount());
    await user.type(amount(), "100.01");
    await user.click(screen.getByRole("button", { name: /^Refund/ }));
    expect(await screen.findByText("At most $100.00 of this payment is left to refund.")).toBeInTheDocument();
    expect(screen.getByText("Say why the money is given back.")).toBeInTheDocument();
    await user.clear(amount());
    await user.type(amount(), "0");
    expect(await screen.findByText("The amount must be more than $0.00.")).toBeInTheDocument();
    await user.clear(amount());
    await user.type(amount(), "1.005");
    expect(await screen.findByText("Enter an amount in dollars and cents, like 45.00.")).toBeInTheDocument();
    await user.clear(amount());
    expect(await screen.findByText("Enter the amount to refund.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onRefunded).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in its words and keeps the form", async () => {
    mockFetch({ [ROUTE]: () => json({ message: "At most $60.00 of this payment is left to refund" }, 409) });
    const { user, onRefunded } = open();
    await user.type(screen.getByLabelText(/Reason/), "Customer overpaid");
    await user.click(screen.getByRole("button", { name: "Refund $100.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("At most $60.00 of this payment is left to refund");
    expect(amount()).toHaveValue("100.00");
    expect(screen.getByRole("button", { name: "Refund $100.00" })).toBeEnabled();
    expect(onRefunded).not.toHaveBeenCalled();
  });
});
