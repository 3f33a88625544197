import type { ReportPeriod, ReportSummary, ReportTotals } from "@contracts/reports/reports.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { adminUser, fakeToken } from "../../test/staffFixtures.ts";
import ReportsPage from "./ReportsPage.tsx";

// happy-dom has no canvas for Chart.js to draw on; each chart's numbers are in the table beside it.
vi.mock("./ChartCanvas.tsx", () => ({ ChartCanvas: () => null }));

// Wednesday 18 March 2026 in New York, the business's zone: "This month" is March, "This week" Monday 16 to
// Sunday 22. Only the date is fixed: the timers stay real, for the waits on the screen.
const NOW = new Date("2026-03-18T15:00:00Z");

const PREVIOUS: ReportTotals = {
  bookings: 10,
  completed: 9,
  cancelled: 1,
  cancellationRate: 0.1,
  bookedRevenue: 2000,
  completedRevenue: 1800,
  averageJob: 222.22,
  newCustomers: 0,
  returningCustomers: 4,
};

/** The server's summary of `period`, compared with the 31 days before March (whatever the period: it is a fake). */
function summaryOf(period: ReportPeriod): ReportSummary {
  return {
    period: { ...period, bucket: "day" },
    previous: { from: "2026-01-29", to: "2026-02-28", totals: PREVIOUS },
    totals: {
      bookings: 12,
      completed: 9,
      cancelled: 3,
      cancellationRate: 0.25,
      bookedRevenue: 2388,
      completedRevenue: 1620,
      averageJob: 265.33,
      newCustomers: 7,
      returningCustomers: 2,
    },
    series: [{ bucket: "2026-03-02", bookings: 4, completed: 3, revenue: 796 }],
    byService: [{ serviceType: "air-duct-cleaning", title: "Air Duct Cleaning", bookings: 12, revenue: 2388 }],
    byTechnician: [{ technicianId: "t1", name: "Tia Tech", visits: 9, revenue: 1620, averageRating: 4.5, ratings: 2 }],
    byZip: [{ zip: "28202", bookings: 12 }],
    collectedCents: 0,
    refundedCents: 0,
    outstandingCents: 0,
    paymentsByMethod: { cash: 0, check: 0, card: 0, online: 0 },
    receivables: { current: 0, days31to60: 0, days61to90: 0, over90: 0 },
    openInvoices: [],
    tipsCents: 0,
    depositsHeldCents: 0,
    tipsByTechnician: [],
    memberships: {
      activeMembers: 0,
      byPlan: [],
      month: { from: "2026-03-01", to: "2026-03-31" },
      recurringCollectedCents: 0,
      recurringRefundedCents: 0,
      monthlyRecurringCents: 0,
      renewalsDue: { count: 0, amountCents: 0, memberships: [] },
      pastDue: { count: 0, amountCents: 0, memberships: [] },
    },
  };
}

const periodOf = (url: string): ReportPeriod => {
  const query = new URL(url, "http://localhost").searchParams;
  return { from: query.get("from")!, to: query.get("to")! };
};

/** The server: each summary asked for answers for its own period. `summary` may answer otherwise. */
function reportServer(summary: (url: string) => Response = (url) => json(summaryOf(periodOf(url)))) {
  const fetchMock = mockFetch({
    "GET /api/reports/summary": summary,
    "GET /api/reports/bookings.csv": () =>
      new Response("Date,Customer\r\n", { headers: { "Content-Type": "text/csv" } }),
    "GET /api/reports/customers.csv": () => new Response("Email\r\n", { headers: { "Content-Type": "text/csv" } }),
  });
  return {
    /** The periods of the summaries asked for, in order. */
    summaries: () =>
      fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((url) => url.startsWith("/api/reports/summary"))
        .map(periodOf),
    calls: () => fetchMock.mock.calls,
  };
}

function openReports() {
  renderRoute(<ReportsPage />, "/dashboard/reports");
  return userEvent.setup();
}

/** Each figure as shown, once loaded: its label, its value and how it compares with the previous period. */
const figures = async () =>
  within(await screen.findByRole("list", { name: "Figures" }))
    .getAllByRole("listitem")
    .map((li) => [...li.querySelectorAll("p")].map((p) => p.textContent));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  saveSession(fakeToken(Math.floor(NOW.getTime() / 1000) + 3600), adminUser);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ReportsPage", () => {
  it("shows this month's figures against the period before, money as dollars and cents", async () => {
    const server = reportServer();
    openReports();
    expect(await figures()).toEqual([
      ["Bookings", "12", "+20% vs previous period"],
      ["Visits completed", "9", "Same as the previous period"],
      ["Cancellations", "3 (25.0%)", "+200% vs previous period"],
      ["Booked revenue", "$2,388.00", "+19% vs previous period"],
      ["Completed revenue", "$1,620.00", "−10% vs previous period"],
      ["Average job", "$265.33", "+19% vs previous period"],
      ["New customers", "7", "None in the previous period"],
      ["Returning customers", "2", "−50% vs previous period"],
    ]);
    expect(within(screen.getByRole("table", { name: "Revenue by service" })).getAllByRole("row")[1]).toHaveTextContent(
      "Air Duct Cleaning12$2,388.00",
    );
    expect(
      within(screen.getByRole("table", { name: "Visits by technician" })).getAllByRole("row")[1],
    ).toHaveTextContent("Tia Tech9$1,620.004.5 ★ (2 ratings)");
    expect(screen.getByRole("heading", { level: 1, name: "Reports" }).nextElementSibling).toHaveTextContent(
      "Sun, Mar 1, 2026 – Tue, Mar 31, 2026 · compared with Thu, Jan 29, 2026 – Sat, Feb 28, 2026",
    );
    expect(screen.getByRole("button", { name: "This month" })).toHaveAttribute("aria-pressed", "true");
    expect(server.summaries()).toEqual([{ from: "2026-03-01", to: "2026-03-31" }]);
    // The request carries the signed-in person's token: reports are for owners and admins.
    expect(new Headers(server.calls()[0]![1]?.headers).get("Authorization")).toMatch(/^Bearer /);
  });

  it("asks for the dates of the preset period chosen", async () => {
    const server = reportServer();
    const user = openReports();
    await screen.findByRole("list", { name: "Figures" });
    for (const name of ["Last month", "This week", "This year"]) {
      await user.click(screen.getByRole("button", { name }));
      expect(screen.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
    }
    await waitFor(() =>
      expect(server.summaries()).toEqual([
        { from: "2026-03-01", to: "2026-03-31" },
        { from: "2026-02-01", to: "2026-02-28" },
        { from: "2026-03-16", to: "2026-03-22" },
        { from: "2026-01-01", to: "2026-12-31" },
      ]),
    );
    expect(screen.getByLabelText("From")).toHaveValue("2026-01-01");
    expect(screen.getByLabelText("To")).toHaveValue("2026-12-31");
    expect(screen.getByRole("button", { name: "This month" })).toHaveAttribute("aria-pressed", "false");
  });

  it("asks for a period of the person's own dates, and then no preset is marked", async () => {
    const server = reportServer();
    const user = openReports();
    await screen.findByRole("list", { name: "Figures" });
    await user.clear(screen.getByLabelText("From"));
    await user.type(screen.getByLabelText("From"), "2026-02-10");
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "2026-02-20");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(server.summaries().at(-1)).toEqual({ from: "2026-02-10", to: "2026-02-20" }));
    for (const button of within(screen.getByRole("group", { name: "Preset periods" })).getAllByRole("button"))
      expect(button).toHaveAttribute("aria-pressed", "false");
  });

  it("says the report could not be loaded, and shows it once Try again is answered", async () => {
    let reachable = false;
    reportServer((url) => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return json(summaryOf(periodOf(url)));
    });
    const user = openReports();
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not reach the server. Please try again.");
    expect(screen.queryByRole("list", { name: "Figures" })).not.toBeInTheDocument();

    reachable = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Figures" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("gives the server's own words when it refuses the period", async () => {
    reportServer(() => json({ message: "A report covers at most 3 years." }, 400));
    openReports();
    expect(await screen.findByRole("alert")).toHaveTextContent("A report covers at most 3 years.");
  });

  it("downloads each CSV for the period shown, under a name that carries it", async () => {
    const server = reportServer();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const user = openReports();
    await screen.findByRole("list", { name: "Figures" });
    await user.click(screen.getByRole("button", { name: "Last month" }));
    await user.click(screen.getByRole("button", { name: "Bookings CSV" }));
    await waitFor(() => expect(downloads).toEqual(["bookings-2026-02-01-to-2026-02-28.csv"]));
    await user.click(screen.getByRole("button", { name: "Customers CSV" }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe("customers-2026-02-01-to-2026-02-28.csv");

    const files = server.calls().filter(([url]) => String(url).includes(".csv"));
    expect(files.map(([url]) => String(url))).toEqual([
      "/api/reports/bookings.csv?from=2026-02-01&to=2026-02-28",
      "/api/reports/customers.csv?from=2026-02-01&to=2026-02-28",
    ]);
    // A plain link cannot send the token: the file is fetched with it.
    expect(new Headers(files[0]![1]?.headers).get("Authorization")).toMatch(/^Bearer /);
  });
});
