import type { ReportMoney as Money } from "@contracts/reports/reports.ts";
import { render as renderDom, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ReportMoney } from "./ReportMoney.tsx";

const money: Money = {
  collectedCents: 123_450,
  refundedCents: 2_000,
  outstandingCents: 54_900,
  paymentsByMethod: { cash: 10_000, check: 20_000, card: 30_000, online: 63_450 },
  receivables: { current: 14_900, days31to60: 0, days61to90: 40_000, over90: 0 },
  openInvoices: [
    {
      _id: "i2",
      number: "INV-000002",
      bookingId: "b2",
      customer: "Bob Ray",
      dueAt: "2026-01-10",
      balanceCents: 40_000,
      daysLate: 67,
    },
    {
      _id: "i7",
      number: "INV-000007",
      bookingId: "b7",
      customer: "Ann Lee",
      dueAt: "2026-03-30",
      balanceCents: 14_900,
      daysLate: -12,
    },
  ],
};

const render = (ui: ReactElement) => renderDom(<MemoryRouter>{ui}</MemoryRouter>);

const rows = () =>
  within(screen.getByRole("table", { name: "Open invoices" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );

describe("the reports' money", () => {
  it("shows collected, refunded and owed, by method and by age, in the one money format", () => {
    render(<ReportMoney money={money} />);
    const figures = within(screen.getByRole("list", { name: "Money figures" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(figures).toEqual([
      "Collected$1,234.50",
      "Refunded$20.00",
      "Net collected$1,214.50",
      "Outstanding today$549.00",
    ]);
    const byMethod = screen.getByRole("region", { name: "Payments by method" });
    expect(within(byMethod).getByText("Online").nextElementSibling).toHaveTextContent("$634.50");
    const byAge = screen.getByRole("region", { name: "Receivables by age" });
    expect(within(byAge).getByText("61–90 days late").nextElementSibling).toHaveTextContent("$400.00");
  });

  it("lists the open invoices with number, customer, due date, balance and days late, sortable by balance", async () => {
    render(<ReportMoney money={money} />);
    expect(rows()).toEqual([
      ["INV-000002", "Bob Ray", "Sat, Jan 10, 2026", "$400.00", "67 days"],
      ["INV-000007", "Ann Lee", "Mon, Mar 30, 2026", "$149.00", "Not yet due"],
    ]);
    expect(screen.getByRole("link", { name: "INV-000002" })).toHaveAttribute("href", "/dashboard?booking=b2");
    await userEvent.click(screen.getByRole("button", { name: /Balance/ }));
    expect(rows().map((r) => r[0])).toEqual(["INV-000007", "INV-000002"]);
  });

  it("says nothing is owed when every invoice is paid", () => {
    render(<ReportMoney money={{ ...money, openInvoices: [] }} />);
    expect(screen.getByText("Nothing is owed: every invoice is paid.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
