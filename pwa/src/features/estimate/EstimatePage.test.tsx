import { ESTIMATE_TERMS, type EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { PAGE_DATA_ID } from "@contracts/common/page-data.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeOption } from "../../test/estimateFixtures.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { readPageDataAgainForTests } from "../../lib/pageData.tsx";
import { renderRoute } from "../../test/render.tsx";
import EstimatePage from "./EstimatePage.tsx";

const VIEW: EstimatePublicView = {
  number: "E-1004",
  status: "sent",
  options: [makeOption("o1", "Good", 34900), makeOption("o2", "Better", 58900)],
  approvedOptionId: null,
  depositPercent: 0,
  depositCents: 0,
  depositPaidCents: 0,
  message: "We found a crushed dryer transition behind the unit.",
  taxRatePercent: 0,
  taxLabel: "Sales tax",
  expiresAt: "2030-07-10T14:00:00.000Z",
  createdAt: "2030-06-10T14:00:00.000Z",
  decline: null,
  approval: null,
  business: {
    name: "ClearFlow Duct & Vent Cleaning",
    phone: "(704) 555-0142",
    email: "hello@clearflowclean.com",
    address: "4521 South Blvd, Charlotte, NC 28209",
  },
  customer: { name: "Jane Doe", address: "12 Elm St, Charlotte, NC 28202" },
  locale: "en",
  days: { written: "2030-06-10", validUntil: "2030-07-10", approved: null, declined: null },
};

const PATH = "/api/estimates/by-token/tok-1";

function open(
  views: EstimatePublicView[] | (() => Response),
  posts: Record<string, (url: string, init?: RequestInit) => Response> = {},
) {
  const list = Array.isArray(views) ? [...views] : null;
  const fetchMock = mockFetch({
    [`GET ${PATH}`]: () => (list ? json(list.length > 1 ? list.shift() : list[0]) : (views as () => Response)()),
    ...posts,
  });
  renderRoute(<EstimatePage />, "/estimates/tok-1", "/estimates/:token");
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("EstimatePage", () => {
  it("shows the business, the customer, the options with what each includes and costs, and the PDF", async () => {
    open([VIEW]);
    expect(await screen.findByRole("heading", { level: 1, name: "Estimate E-1004" })).toBeInTheDocument();
    expect(screen.getByText("ClearFlow Duct & Vent Cleaning")).toBeInTheDocument();
    expect(screen.getByText(/For Jane Doe, 12 Elm St/)).toBeInTheDocument();
    expect(screen.getByText(/valid until July 10, 2030/)).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Good", "Better", "Terms"]);
    expect(screen.getByRole("list", { name: "What Better includes" })).toHaveTextContent("Better work$589.00");
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `${PATH}/pdf`);
    // The terms the PDF gives too, word for word.
    const terms = screen.getByRole("region", { name: "Terms" });
    expect([...terms.querySelectorAll("li")].map((li) => li.textContent)).toEqual(ESTIMATE_TERMS);
  });

  it("approves the chosen option with the typed name only, then shows it approved", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const approved: EstimatePublicView = {
      ...VIEW,
      status: "approved",
      approvedOptionId: "o2",
      approval: {
        via: "link",
        signedBy: "Jane Doe",
        at: "2030-06-11T15:00:00.000Z",
        receivedAt: "2030-06-11T15:00:00.000Z",
      },
      days: { ...VIEW.days, approved: "2030-06-11" },
    };
    open([VIEW, approved], {
      [`POST ${PATH}/approve`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ data: approved });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Choose Better" }));
    const approve = screen.getByRole("button", { name: "Approve Better – $589.00" });
    expect(approve).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    await user.click(approve);
    expect(await screen.findByText(/Jane Doe approved Better for \$589.00 on June 11, 2030/)).toBeInTheDocument();
    expect(sent).toEqual([{ optionId: "o2", signedBy: "Jane Doe" }]);
    expect(screen.queryByRole("button", { name: /Choose/ })).not.toBeInTheDocument();
  });

  it("an option asking a deposit goes on to its Checkout page to pay it", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const better = { ...makeOption("o2", "Better", 58900), depositCents: 14725 };
    const withDeposit = { ...VIEW, options: [VIEW.options[0]!, better] };
    open([withDeposit], {
      [`POST ${PATH}/approve`]: () => json({ checkoutUrl: "https://checkout.example/pay/cs_1" }, 202),
    });
    await user.click(await screen.findByRole("button", { name: "Choose Better" }));
    expect(screen.getByText(/A deposit of \$147.25 is due on approval/)).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    await user.click(screen.getByRole("button", { name: "Approve and pay the $147.25 deposit" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/pay/cs_1"));
  });

  it("says Approved — deposit received once the deposit is paid", async () => {
    const paid: EstimatePublicView = {
      ...VIEW,
      status: "approved",
      approvedOptionId: "o2",
      depositPaidCents: 14725,
      approval: {
        via: "link",
        signedBy: "Jane Doe",
        at: "2030-06-11T15:00:00.000Z",
        receivedAt: "2030-06-11T15:00:00.000Z",
      },
      days: { ...VIEW.days, approved: "2030-06-11" },
    };
    open([paid]);
    expect(await screen.findByText("Approved — deposit received.")).toBeInTheDocument();
    expect(screen.getByText(/paid a deposit of \$147.25/)).toBeInTheDocument();
  });

  it("declines with an optional reason", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const declined = {
      ...VIEW,
      status: "declined" as const,
      decline: { reason: "Too much", at: "2030-06-12T15:00:00.000Z" },
      days: { ...VIEW.days, declined: "2030-06-12" },
    };
    open([VIEW, declined], {
      [`POST ${PATH}/decline`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ data: declined });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Decline this estimate" }));
    await user.type(screen.getByRole("textbox", { name: /Reason/ }), "Too much");
    await user.click(screen.getByRole("button", { name: "Decline Estimate" }));
    expect(await screen.findByText(/You declined this estimate on June 12, 2030/)).toBeInTheDocument();
    expect(sent).toEqual([{ reason: "Too much" }]);
  });

  it("shows the estimate the server sent with the page at once, and reads the server only after a decision", async () => {
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = PAGE_DATA_ID;
    block.textContent = JSON.stringify({ [PATH]: VIEW });
    document.body.append(block);
    readPageDataAgainForTests();
    try {
      const declined = { ...VIEW, status: "declined" as const, days: { ...VIEW.days, declined: "2030-06-12" } };
      const fetchMock = mockFetch({
        [`GET ${PATH}`]: () => json({ data: declined }),
        [`POST ${PATH}/decline`]: () => json({ data: declined }),
      });
      const user = userEvent.setup();
      renderRoute(<EstimatePage />, "/estimates/tok-1", "/estimates/:token");
      // At once, with no loading state: the server's answer came with the page.
      expect(screen.getByRole("heading", { level: 1, name: "Estimate E-1004" })).toBeInTheDocument();
      expect(screen.getByText(/Written June 10, 2030 · valid until July 10, 2030/)).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Decline this estimate" }));
      await user.click(screen.getByRole("button", { name: "Decline Estimate" }));
      expect(await screen.findByText(/You declined this estimate on June 12, 2030/)).toBeInTheDocument();
      // The first request is the decision; the page's one read is the refresh after it.
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`)).toEqual([
        `POST ${PATH}/decline`,
        `GET ${PATH}`,
      ]);
    } finally {
      block.remove();
      readPageDataAgainForTests();
    }
  });

  it("says in words when the estimate expired, and offers nothing to approve", async () => {
    open([{ ...VIEW, status: "expired" }]);
    const state = await screen.findByText(/This estimate was valid until/);
    expect(state).toHaveTextContent("Expired. This estimate was valid until July 10, 2030. Call us at (704) 555-0142");
    expect(screen.queryByRole("button", { name: /Choose/ })).not.toBeInTheDocument();
  });

  it("says when the link leads to no estimate", async () => {
    open(() => json({ message: "Estimate not found" }, 404));
    expect(await screen.findByRole("heading", { name: "Estimate not found" })).toBeInTheDocument();
    expect(screen.getByText(/does not lead to an estimate/)).toBeInTheDocument();
  });

  it("shows the server's refusal when an approval comes too late", async () => {
    const user = userEvent.setup();
    open([VIEW], { [`POST ${PATH}/approve`]: () => json({ message: "This estimate has expired" }, 410) });
    await user.click(await screen.findByRole("button", { name: "Choose Good" }));
    await user.type(screen.getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    await user.click(screen.getByRole("button", { name: "Approve Good – $349.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This estimate has expired");
  });
});
