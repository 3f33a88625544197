import type { ReactNode } from "react";
import type { Membership } from "@contracts/plans/plan.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { json, mockFetch } from "../../test/fetch.ts";
import { PlanInvoices } from "./PlanInvoices.tsx";

const invoice = (number: string, paidCents: number) => ({
  _id: `id-${number}`,
  number,
  periodStart: "2026-03-02",
  periodEnd: "2026-04-02",
  amountCents: 1900,
  paidCents,
  refundedCents: 0,
  issuedAt: "2026-03-02T12:00:00Z",
  paidAt: paidCents > 0 ? "2026-03-03T12:00:00Z" : null,
});

const MEMBERSHIP = {
  _id: "m1",
  payment: "invoice",
  invoices: [invoice("INV-000101", 1900), invoice("INV-000102", 0)],
  payOnline: true,
} as unknown as Membership;

afterEach(() => vi.unstubAllGlobals());

describe("a member's open plan invoices on their own page", () => {
  it("lists what is still owed and goes on to the card payment page the server opened", async () => {
    const opened: string[] = [];
    mockFetch({
      "POST /api/portal/memberships/m1/invoices/id-INV-000102/checkout": (url) => {
        opened.push(String(url));
        return json({ data: { url: "https://pay.example/cs_9" } });
      },
    });
    const go = vi.fn();
    render(<PlanInvoices membership={MEMBERSHIP} go={go} />, { wrapper: MemoryRouter });
    expect(screen.getByText("Invoice INV-000102: $19.00 due")).toBeInTheDocument();
    expect(screen.queryByText(/INV-000101/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pay $19.00 by card" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("https://pay.example/cs_9"));
    expect(opened).toHaveLength(1);
  });

  it("says the server's refusal, offers no card where cards are not taken online, and nothing once paid", async () => {
    mockFetch({
      "POST /api/portal/memberships/m1/invoices/id-INV-000102/checkout": () =>
        json({ message: "This plan invoice is paid already" }, 409),
    });
    const { unmount } = render(<PlanInvoices membership={MEMBERSHIP} go={vi.fn()} />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole("button", { name: "Pay $19.00 by card" }));
    expect(await screen.findByText("This plan invoice is paid already")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $19.00 by card" })).toBeEnabled();
    unmount();
    const noCards = render(<PlanInvoices membership={{ ...MEMBERSHIP, payOnline: false }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByText("Invoice INV-000102: $19.00 due")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    noCards.unmount();
    const paid = { ...MEMBERSHIP, invoices: [invoice("INV-000101", 1900)] };
    expect(render(<PlanInvoices membership={paid} />, { wrapper: MemoryRouter }).container).toBeEmptyDOMElement();
  });

  it("back from the payment page, thanks the customer, and says when the payment is still on its way", () => {
    const at = (path: string) => ({
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      ),
    });
    const paid = { ...MEMBERSHIP, invoices: [invoice("INV-000101", 1900)] };
    const { unmount } = render(<PlanInvoices membership={paid} />, at("/portal?paid=INV-000101"));
    expect(screen.getByRole("status")).toHaveTextContent("Thank you: invoice INV-000101 is paid.");
    unmount();
    render(<PlanInvoices membership={MEMBERSHIP} />, at("/portal?paid=INV-000102"));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Thank you: your payment of invoice INV-000102 is on its way. It shows here within a minute.",
    );
  });
});
