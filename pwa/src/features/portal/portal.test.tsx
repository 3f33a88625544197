import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import type { PortalEstimates, PortalInvoices } from "@contracts/portal/money.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { ESTIMATES, INVOICES, SESSION, VISITS } from "../../test/portalFixtures.ts";
import { renderRoute } from "../../test/render.tsx";
import PortalPage from "./PortalPage.tsx";
import RatePage from "./RatePage.tsx";
import SignInLinkPage from "./SignInLinkPage.tsx";
import { homeOf, keepView, lastView, portalSession, savePortalSession } from "./session.ts";
import { PAGE_DATA_ID } from "@contracts/common/page-data.ts";
import { PORTAL_SESSION_PATH } from "@contracts/portal/portal.ts";
import { readPageDataAgainForTests } from "../../lib/pageData.tsx";

/** The home's three reads, with what each answers (none by default). */
const homeRoutes = (estimates: PortalEstimates = { toApprove: [], approved: [] }, invoices?: PortalInvoices) => ({
  "/api/portal/visits": () => json({ data: VISITS }),
  "/api/portal/estimates": () => json({ data: estimates }),
  "/api/portal/invoices": () => json({ data: invoices ?? { open: [], paid: [] } }),
  "/api/portal/preferences": () => json({ data: { visitReminders: true, yearlyReminders: true } }),
});

/** Where the link of that name within `scope` leads. */
const hrefOf = (scope: HTMLElement | undefined, name: string) =>
  within(scope!).getByRole("link", { name }).getAttribute("href");

/** Whether the page runs where the browser keeps a Secure cookie (https, or this computer's own address). */
const secureContext = (secure: boolean) =>
  Object.defineProperty(window, "isSecureContext", { value: secure, configurable: true });

beforeEach(() => {
  localStorage.clear();
  secureContext(true);
});
afterEach(() => vi.unstubAllGlobals());

describe("the customer's portal", () => {
  it("asks for an e-mail and shows the server's words, whoever the address is", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "POST /api/portal/sign-in": (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ message: "If we have bookings for that address, a sign-in link is on its way." }, 202);
      },
    });
    renderRoute(<PortalPage />, "/portal");
    await userEvent.type(screen.getByLabelText("E-mail"), "dana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "E-mail me a sign-in link" }));
    expect(await screen.findByRole("status")).toHaveTextContent("a sign-in link is on its way");
    expect(sent).toEqual([{ email: "dana@example.com" }]);
  });

  it("trades the e-mailed token for a session once, and opens the page", async () => {
    const calls = mockFetch({ "POST /api/portal/sessions": () => json(SESSION, 201) });
    renderRoute(<SignInLinkPage />, "/portal/sign-in/tok-1", "/portal/sign-in/:token");
    expect(await screen.findByTestId("where")).toHaveTextContent("/portal");
    expect(portalSession()?.email).toBe(SESSION.email);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("forgets a session kept with its token before the cookie, and the view seen with it", () => {
    localStorage.setItem("clearflow.portal.session", JSON.stringify({ ...SESSION, token: `cust_${"a".repeat(43)}` }));
    keepView(SESSION.email, { visits: VISITS }, new Date("2026-11-27T15:30:00Z"));
    expect(portalSession()).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain("cust_");
  });

  it("a page the server rendered shows its visits at once, reads none of them again, and keeps them offline", async () => {
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = PAGE_DATA_ID;
    block.textContent = JSON.stringify({
      [PORTAL_SESSION_PATH]: SESSION,
      "/api/portal/visits": VISITS,
      "/api/portal/estimates": { toApprove: [], approved: [] },
      "/api/portal/invoices": { open: [], paid: [] },
      "/api/portal/preferences": { visitReminders: true, yearlyReminders: false },
      "/api/portal/sms-consent": {
        phone: "+17045550131",
        consent: "granted",
        at: null,
        source: "portal",
        disclosure: "",
      },
      "/api/portal/memberships": [],
      "/api/portal/memberships/offer": { plans: [], properties: [], online: true },
      "/api/portal/language": { locale: "en" },
    });
    document.body.append(block);
    readPageDataAgainForTests();
    try {
      const fetchMock = mockFetch({});
      renderRoute(<PortalPage />, "/portal");
      expect(screen.getByText(SESSION.email)).toBeInTheDocument();
      expect(screen.getByRole("region", { name: "Upcoming visits" })).toHaveTextContent("On the way");
      expect(screen.getByRole("checkbox", { name: /Yearly reminders/ })).not.toBeChecked();
      // The device learns who is signed in, and keeps what it was shown for a visit with no signal.
      await waitFor(() => expect(portalSession()?.email).toBe(SESSION.email));
      expect(homeOf(lastView(SESSION.email)!)?.visits).toEqual(VISITS);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      block.remove();
      readPageDataAgainForTests();
    }
  });

  it("on plain http elsewhere than this computer, says a secure link is needed and keeps the link unused", async () => {
    secureContext(false);
    const calls = mockFetch({ "POST /api/portal/sessions": () => json(SESSION, 201) });
    renderRoute(<SignInLinkPage />, "/portal/sign-in/tok-9", "/portal/sign-in/:token");
    expect(screen.getByRole("alert")).toHaveTextContent("Signing in needs a secure connection");
    expect(calls).not.toHaveBeenCalled();
  });

  it("a used link says so and offers a new one", async () => {
    mockFetch({
      "POST /api/portal/sessions": () => json({ message: "That sign-in link has expired or was already used." }, 401),
    });
    renderRoute(<SignInLinkPage />, "/portal/sign-in/tok-2", "/portal/sign-in/:token");
    expect(await screen.findByRole("alert")).toHaveTextContent("expired or was already used");
    expect(screen.getByRole("button", { name: "E-mail me a sign-in link" })).toBeInTheDocument();
  });

  it("lists upcoming visits with their stage and technician, and past ones with their reports", async () => {
    savePortalSession(SESSION);
    mockFetch({
      ...homeRoutes(),
      "/api/portal/preferences": () => json({ data: { visitReminders: true, yearlyReminders: false } }),
    });
    renderRoute(<PortalPage />, "/portal");
    const upcoming = await screen.findByRole("region", { name: "Upcoming visits" });
    const card = within(upcoming).getByRole("listitem");
    expect(card).toHaveTextContent("Tuesday, December 8, 2026 · 9:00 AM");
    expect(card).toHaveTextContent("On the way");
    expect(card).toHaveTextContent("Technician: Ann");
    expect(within(card).getByRole("link", { name: "Move or cancel ›" })).toHaveAttribute("href", "/portal/visits/v1");
    const past = screen.getByRole("region", { name: "Past visits" });
    expect(within(past).getByRole("link", { name: "Report and rating ›" })).toHaveAttribute(
      "href",
      "/portal/visits/v0",
    );
    await waitFor(() => expect(screen.getByRole("checkbox", { name: /Yearly reminders/ })).not.toBeChecked());
  });

  it("Book again opens the booking form with the last details and service, never a date", async () => {
    savePortalSession(SESSION);
    mockFetch(homeRoutes());
    const Draft = () => <pre data-testid="draft">{JSON.stringify(useLocation().state)}</pre>;
    render(
      <MemoryRouter initialEntries={["/portal"]}>
        <Routes>
          <Route path="/portal" element={<PortalPage />} />
          <Route path="/booking" element={<Draft />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Book again" }));
    const draft = JSON.parse((await screen.findByTestId("draft")).textContent ?? "null").draft;
    expect(draft).toEqual(VISITS.lastDetails);
    expect(draft).not.toHaveProperty("cleaningDate");
  });

  it("shows estimates to approve and approved, each leading to its own page", async () => {
    savePortalSession(SESSION);
    mockFetch(homeRoutes(ESTIMATES));
    renderRoute(<PortalPage />, "/portal");
    const section = await screen.findByRole("region", { name: "Estimates" });
    const [due, done] = within(section).getAllByRole("listitem");
    expect(due).toHaveTextContent("Estimate E-1001");
    expect(due).toHaveTextContent("2 options, from $99.00 to $138.00");
    expect(due).toHaveTextContent("valid until Dec 27, 2026");
    expect(hrefOf(due, "Review and approve")).toBe("/estimates/tok-e1");
    expect(done).toHaveTextContent("Dryer vent: $99.00");
    expect(done).toHaveTextContent("Approved by Dana Whitfield on Nov 2, 2026");
    expect(hrefOf(done, "PDF")).toBe("/api/estimates/by-token/tok-e0/pdf");
    expect(screen.queryByRole("region", { name: "Invoices" })).not.toBeInTheDocument();
  });

  it("shows open invoices with their balance and Pay now, paid ones with their payments and PDF", async () => {
    savePortalSession(SESSION);
    mockFetch(homeRoutes(undefined, INVOICES));
    renderRoute(<PortalPage />, "/portal");
    const section = await screen.findByRole("region", { name: "Invoices" });
    const [open, paid] = within(section)
      .getAllByRole("listitem")
      .filter((li) => li.classList.contains("portal-doc"));
    expect(open).toHaveTextContent("Invoice INV-000001");
    expect(open).toHaveTextContent("Partly paid");
    expect(open).toHaveTextContent("Balance $258.20 of $358.20");
    expect(open).toHaveTextContent("due Dec 4, 2026");
    expect(hrefOf(open, "Pay now")).toBe("/invoices/tok-i1");
    expect(paid).toHaveTextContent("Paid");
    expect(within(paid!).getByRole("list", { name: "Payments of invoice INV-000000" })).toHaveTextContent(
      "Card · $358.20 · Dec 2, 2025",
    );
    expect(hrefOf(paid, "Receipt")).toBe("/invoices/tok-i0");
    expect(hrefOf(paid, "PDF")).toBe("/api/invoices/by-token/tok-i0/pdf");
    expect(screen.queryByRole("region", { name: "Estimates" })).not.toBeInTheDocument();
  });

  it("keeps the estimates and invoices with the visits, and shows them offline without their actions", async () => {
    savePortalSession(SESSION);
    mockFetch(homeRoutes(ESTIMATES, INVOICES));
    const first = renderRoute(<PortalPage />, "/portal");
    await screen.findByRole("region", { name: "Invoices" });
    first.unmount();
    mockFetch({});
    renderRoute(<PortalPage />, "/portal");
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Estimates" })).toHaveTextContent("E-1001");
    expect(screen.getByRole("region", { name: "Invoices" })).toHaveTextContent("Balance $258.20");
    expect(screen.queryByRole("link", { name: "Pay now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Review and approve" })).not.toBeInTheDocument();
  });

  it("with no signal, shows the last view and says as of when", async () => {
    savePortalSession(SESSION);
    keepView(SESSION.email, { visits: VISITS }, new Date("2026-11-27T15:30:00Z"));
    mockFetch({});
    renderRoute(<PortalPage />, "/portal");
    expect(await screen.findByText(/You are offline\. This is your page as of Nov 27, 10:30 AM/)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Upcoming visits" })).toHaveTextContent("Air Duct Cleaning");
  });

  it("a rating link preselects the tapped stars, records them with one tap, and offers the review at 5", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "/api/portal/ratings/tok-3": () =>
        json({
          data: {
            serviceTitle: "Air Duct Cleaning",
            locale: "en",
            cleaningDate: "2026-03-03",
            technicianFirstName: "Ann",
            rating: null,
          },
        }),
      "POST /api/portal/ratings/tok-3": (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ data: { stars: 5, reviewUrl: "https://reviews.example.com/us" } }, 201);
      },
    });
    renderRoute(<RatePage />, "/portal/rate/tok-3?stars=5", "/portal/rate/:token");
    expect(await screen.findByRole("radio", { name: "5 stars: Excellent" })).toBeChecked();
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Send my rating" }));
    expect(await screen.findByRole("link", { name: /^Review / })).toHaveAttribute(
      "href",
      "https://reviews.example.com/us",
    );
    expect(sent).toEqual([{ stars: 5, comment: "" }]);
  });
});
