import type { ReportMoney as Money } from "@contracts/reports/reports.ts";
import { render as renderDom, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { tableRows } from "../../test/tables.ts";
import { ReportMoney } from "./ReportMoney.tsx";

const money: Money = {
  collectedCents: 123_450,
  refundedCents: 2_000,
  outstandingCents: 54_900,
  paymentsByMethod: { cash: 10_000, check: 20_000, card: 30_000, online: 63_450 },
  receivables: { current: 14_900, days31to60: 0, days61to90: 40_000, over90: 0 },
  tipsCents: 4_500,
  depositsHeldCents: 22_450,
  tipsByTechnician: [
    { technicianId: "t1", name: "Tom Tech", tipsCents: 3_000, payments: 2 },
    { technicianId: null, name: "No technician", tipsCents: 1_500, payments: 1 },
  ],
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

const rows = () => tableRows("Open invoices");

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
      "Deposits held$224.50",
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

  it("shows the period's tips by technician, and says when there were none", () => {
    const { unmount } = render(<ReportMoney money={money} />);
    const tips = screen.getByRole("region", { name: "Tips by technician" });
    expect(within(tips).getByText("Tom Tech (2 payments)").nextElementSibling).toHaveTextContent("$30.00");
    expect(within(tips).getByText("No technician (1 payment)").nextElementSibling).toHaveTextContent("$15.00");
    expect(within(tips).getByText("All tips").nextElementSibling).toHaveTextContent("$45.00");
    unmount();
    render(<ReportMoney money={{ ...money, tipsCents: 0, tipsByTechnician: [] }} />);
    expect(screen.getByText("No tips in this period.")).toBeInTheDocument();
  });

  it("says nothing is owed when every invoice is paid", () => {
    render(<ReportMoney money={{ ...money, openInvoices: [] }} />);
    expect(screen.getByText("Nothing is owed: every invoice is paid.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
