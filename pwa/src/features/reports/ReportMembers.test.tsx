import type { MembershipFigures } from "@contracts/reports/reports.ts";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { tableRows } from "../../test/tables.ts";
import { ReportMembers } from "./ReportMembers.tsx";

const members: MembershipFigures = {
  activeMembers: 13,
  byPlan: [
    { planId: "p1", name: "Clean Air Club", members: 12, monthlyCents: 22_800 },
    { planId: "p2", name: "Dryer Vent Yearly", members: 1, monthlyCents: 742 },
  ],
  month: { from: "2026-03-01", to: "2026-03-31" },
  recurringCollectedCents: 41_700,
  recurringRefundedCents: 1_777,
  monthlyRecurringCents: 23_542,
  renewalsDue: {
    count: 2,
    amountCents: 10_800,
    memberships: [
      {
        _id: "m1",
        customerId: "c1",
        customer: "Ann Lee",
        plan: "Clean Air Club",
        date: "2026-03-20",
        amountCents: 1_900,
      },
      {
        _id: "m2",
        customerId: "c2",
        customer: "Bob Ray",
        plan: "Dryer Vent Yearly",
        date: "2026-03-28",
        amountCents: 8_900,
      },
    ],
  },
  pastDue: { count: 0, amountCents: 0, memberships: [] },
};

describe("the reports' service plans", () => {
  it("shows members by plan, this month's recurring revenue less its refunds, renewals due and past due, in one money format", () => {
    render(
      <MemoryRouter>
        <ReportMembers members={members} />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByRole("list", { name: "Membership figures" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Active members13",
      "Recurring revenue this month$399.23",
      "Plan refunds this month$17.77",
      "Monthly recurring value$235.42",
      "Renewals due in 30 days2 · $108.00",
      "Past due0 · $0.00",
    ]);
    expect(screen.getByText("Clean Air Club (12 members)")).toBeTruthy();
    expect(screen.getByText("Dryer Vent Yearly (1 member)")).toBeTruthy();
    expect(tableRows("Renewals due in 30 days")).toEqual([
      ["Ann Lee", "Clean Air Club", "Fri, Mar 20, 2026", "$19.00"],
      ["Bob Ray", "Dryer Vent Yearly", "Sat, Mar 28, 2026", "$89.00"],
    ]);
    expect(screen.getByRole("link", { name: "Ann Lee" }).getAttribute("href")).toBe("/dashboard/customers/c1");
    expect(screen.getByText("No membership is past due.")).toBeTruthy();
  });
});
