import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import type { PortalVisit, PortalVisits } from "@contracts/portal/portal.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import PortalPage from "./PortalPage.tsx";
import RatePage from "./RatePage.tsx";
import SignInLinkPage from "./SignInLinkPage.tsx";
import { keepView, portalSession, savePortalSession } from "./session.ts";

const SESSION = { token: `cust_${"a".repeat(43)}`, expiresAt: "2099-01-01T00:00:00.000Z", email: "dana@example.com" };

const visit = (overrides: Partial<PortalVisit>): PortalVisit => ({
  _id: "v1",
  serviceType: "air-duct-cleaning",
  serviceTitle: "Air Duct Cleaning",
  unitCount: 2,
  cleaningDate: "2026-12-08",
  cleaningTime: "9:00 AM",
  homeAddress: "1200 East Blvd",
  city: "Charlotte",
  state: "NC",
  zip: "28203",
  estimatedPrice: 358.2,
  status: "confirmed",
  visitStage: "en_route",
  visitStageAt: null,
  technicianFirstName: "Ann",
  changeable: true,
  changeDeadline: "2026-12-07T14:00:00.000Z",
  rating: null,
  ...overrides,
});

const VISITS: PortalVisits = {
  upcoming: [visit({})],
  past: [visit({ _id: "v0", cleaningDate: "2025-12-02", status: "completed", visitStage: "completed" })],
  lastDetails: {
    firstName: "Dana",
    lastName: "Whitfield",
    email: "dana@example.com",
    contactNumber: "(704) 555-0199",
    homeAddress: "1200 East Blvd",
    city: "Charlotte",
    state: "NC",
    zip: "28203",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: 2,
  },
};

beforeEach(() => localStorage.clear());
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
    expect(portalSession()?.token).toBe(SESSION.token);
    expect(calls).toHaveBeenCalledTimes(1);
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
      "/api/portal/visits": () => json({ data: VISITS }),
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
    mockFetch({
      "/api/portal/visits": () => json({ data: VISITS }),
      "/api/portal/preferences": () => json({ data: { visitReminders: true, yearlyReminders: true } }),
    });
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
