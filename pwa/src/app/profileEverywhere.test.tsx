import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@contracts/common/messages.ts";
import { resetServicesCache } from "../lib/services.ts";
import { json, makeService, mockFetch, SAMPLE_SERVICES } from "../test/fetch.ts";
import { defaultProfileTraces, OTHER_PROFILE } from "../test/profiles.ts";
import { App } from "./App.tsx";

// Every route a visitor can open without signing in (SPEC §2, and the manage link of e-mails).
const PUBLIC_ROUTES = [
  "/",
  "/about",
  "/services",
  "/services/air-duct-cleaning",
  "/gallery",
  "/contact",
  "/booking",
  "/booking/dryer-vent-cleaning",
  "/thank-you",
  "/privacy",
  "/terms",
  "/login",
  "/booking/manage/some-token",
];

const DETAIL = makeService("air-duct-cleaning", "Air Duct Cleaning", {
  packages: [{ name: "Whole Home", price: 399, features: ["All vents"], isPopular: true }],
});

beforeEach(() => {
  resetServicesCache();
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  // The device queue's notices find no IndexedDB here and say so.
  vi.spyOn(console, "error").mockImplementation(() => {});
  mockFetch({
    "/api/profile": () => json(OTHER_PROFILE),
    "/api/services": () => json(SAMPLE_SERVICES),
    "/api/services/air-duct-cleaning": () => json(DETAIL),
    "/api/manage/some-token": () => json({ message: MESSAGES.manageNotFound }, 404),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the business profile on every public page", () => {
  it.each(PUBLIC_ROUTES)("%s shows another business's profile and nothing of the default one", async (path) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App profile={OTHER_PROFILE} />
      </MemoryRouter>,
    );
    await screen.findByRole("heading", { level: 1 });
    // Loaded: the footer lists services, and the page has left its loading state.
    const footer = screen.getByRole("contentinfo");
    await waitFor(() => expect(within(footer).getByRole("link", { name: "Air Duct Cleaning" })).toBeInTheDocument());
    await waitFor(() => expect(document.querySelector("[aria-busy='true'], .skeleton")).toBeNull());

    expect(screen.getAllByRole("link", { name: OTHER_PROFILE.phone }).length).toBeGreaterThan(0);
    expect(within(footer).getByRole("heading", { name: OTHER_PROFILE.name })).toBeInTheDocument();
    expect(document.body.textContent).toContain(OTHER_PROFILE.hoursShort);
    expect(defaultProfileTraces(document.body.innerHTML)).toEqual([]);
  });

  it("the booking form offers the business's own state until the customer picks another", async () => {
    render(
      <MemoryRouter initialEntries={["/booking"]}>
        <App profile={OTHER_PROFILE} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("combobox", { name: /^State/ })).toHaveValue("VA");
    expect(screen.getByText(`We are open ${OTHER_PROFILE.hoursText}.`)).toBeInTheDocument();
  });

  it("the terms are governed by the law of the business's state", async () => {
    render(
      <MemoryRouter initialEntries={["/terms"]}>
        <App profile={OTHER_PROFILE} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/governed by the laws of the State of Virginia\./)).toBeInTheDocument();
    expect(screen.getByText(/courts with jurisdiction over Roanoke, Virginia\./)).toBeInTheDocument();
  });
});
