import type { InvoicePublicView } from "@contracts/invoices/invoice.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import InvoicePage from "./InvoicePage.tsx";

const OPEN: InvoicePublicView = {
  number: "INV-000004",
  status: "partially_paid",
  issuedAt: "2030-06-10T14:00:00.000Z",
  dueAt: "2030-06-24",
  lines: [
    { description: "Air Duct Cleaning", quantity: 2, unitPriceCents: 9950, amountCents: 19_900, taxable: true },
    { description: "Quantity discount", quantity: 1, unitPriceCents: -1000, amountCents: -1000, taxable: true },
  ],
  subtotalCents: 18_900,
  taxCents: 0,
  totalCents: 18_900,
  taxRatePercent: 0,
  taxLabel: "Sales tax",
  paidCents: 5_000,
  balanceCents: 13_900,
  payments: [{ method: "check", amountCents: 5_000, at: "2030-06-10T15:00:00.000Z", refundedCents: 0, deposit: false }],
  business: {
    name: "ClearFlow Duct & Vent Cleaning",
    phone: "(704) 555-0142",
    email: "hello@clearflowclean.com",
    address: "4521 South Blvd, Charlotte, NC 28209",
  },
  customer: { name: "Jane Doe", address: "12 Elm St, Charlotte, NC 28202" },
  locale: "en",
  payOnline: true,
  days: { issued: "2030-06-10", due: "2030-06-24", paid: ["2030-06-10"] },
};
const PAID: InvoicePublicView = {
  ...OPEN,
  status: "paid",
  paidCents: 18_900,
  balanceCents: 0,
  payOnline: false,
  payments: [
    ...OPEN.payments,
    { method: "online", amountCents: 13_900, at: "2030-06-11T09:00:00.000Z", refundedCents: 0, deposit: false },
  ],
  days: { ...OPEN.days, paid: ["2030-06-10", "2030-06-11"] },
};
const PATH = "/api/invoices/by-token/tok-9";

function open(views: InvoicePublicView[], address = "/invoices/tok-9", posts: Record<string, () => Response> = {}) {
  const list = [...views];
  const fetchMock = mockFetch({
    [`GET ${PATH}`]: () => json({ data: list.length > 1 ? list.shift() : list[0] }),
    ...posts,
  });
  renderRoute(<InvoicePage />, address, "/invoices/:token");
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("InvoicePage", () => {
  it("shows an open invoice: who, the lines, what was paid, the balance, Pay now and the PDF", async () => {
    open([OPEN]);
    expect(await screen.findByRole("heading", { level: 1, name: /Invoice INV-000004/ })).toBeInTheDocument();
    expect(screen.getByText("ClearFlow Duct & Vent Cleaning")).toBeInTheDocument();
    expect(screen.getByText(/For Jane Doe, 12 Elm St/)).toBeInTheDocument();
    expect(screen.getByTestId("invoice-status")).toHaveTextContent("Partly paid");
    expect(screen.getByText("Quantity discount").closest("tr")).toHaveTextContent("-$10.00");
    expect(screen.getByTestId("invoice-balance")).toHaveTextContent("Balance due$139.00");
    expect(screen.getByTestId("invoice-payment")).toHaveTextContent("Check");
    expect(screen.getByRole("button", { name: "Pay $139.00 now" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `${PATH}/pdf`);
  });

  it("Pay now leaves for the Checkout page the server made", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    open([OPEN], "/invoices/tok-9", {
      [`POST ${PATH}/checkout`]: () => json({ url: "https://checkout.test/pay/cs_1" }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pay $139.00 now" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.test/pay/cs_1"));
  });

  it("without online payment, says how to pay and offers no button", async () => {
    open([{ ...OPEN, payOnline: false }]);
    expect(await screen.findByRole("heading", { name: "How to pay" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay .* now/ })).not.toBeInTheDocument();
    const how = screen.getByRole("region", { name: "How to pay" });
    expect(how).toHaveTextContent(
      "Pay by cash, check or card to your technician on site, or call us at (704) 555-0142",
    );
  });

  it("shows a paid invoice as paid, with its receipt and nothing to pay", async () => {
    open([PAID]);
    expect(await screen.findByText("Paid in full. Thank you!")).toBeInTheDocument();
    expect(screen.getByTestId("invoice-balance")).toHaveTextContent("$0.00");
    expect(screen.queryByRole("button", { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download receipt (PDF)" })).toBeInTheDocument();
  });

  it("back from Checkout, confirms the payment and reads the invoice again until it shows paid", async () => {
    const fetchMock = open([OPEN, OPEN, PAID], "/invoices/tok-9?paid=1");
    expect(await screen.findByText("Confirming your payment…")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay/ })).not.toBeInTheDocument();
    expect(await screen.findByText("Paid in full. Thank you!", {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText(/Your payment was received/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === PATH).length).toBe(3);
  });
});
