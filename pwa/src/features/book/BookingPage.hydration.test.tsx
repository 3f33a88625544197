import "fake-indexeddb/auto";
import { act, screen } from "@testing-library/react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { TIME_SLOTS, addDays, earliestBookingDate, isSaturday } from "@contracts/schedule/dates.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mountApp } from "../../app/mountApp.ts";
import { freshQueue } from "../../test/offlineQueue.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import BookingPage from "./BookingPage.tsx";

beforeEach(() => freshQueue());
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

const page = () => (
  <MemoryRouter initialEntries={["/booking"]}>
    <BookingPage />
  </MemoryRouter>
);

/** The page as the build renders it, in the document, for a visitor to fill in before React takes it over. */
function prerendered(): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.append(container);
  return container;
}

/** React takes the page over as main.tsx does: hydration as a transition, once the app has loaded. */
async function hydrate(container: HTMLElement) {
  await act(async () => {
    root = mountApp(container, page(), { createRoot, hydrateRoot });
  });
}

// /booking is rendered at build time, and its app code loads only after the page's load event (decision 0039): a
// customer (or a test on a busy machine) can type for a while before React runs.
describe("the booking form's date typed before React takes over the page", () => {
  it("is kept as the date it is, and its slots are asked for", async () => {
    let day = addDays(earliestBookingDate("America/New_York"), 10);
    while (isSaturday(day)) day = addDays(day, 1);
    const us = `${day.slice(5, 7)}/${day.slice(8)}/${day.slice(0, 4)}`;
    const fetchMock = mockFetch({
      "/api/services": () => json([]),
      "/api/availability": () =>
        json({ date: day, closedReason: null, slots: TIME_SLOTS.map((time) => ({ time, capacity: 2, remaining: 2 })) }),
    });
    const container = prerendered();
    // Typed into the server's HTML as the field shows dates: no React handler sees it.
    (screen.getByLabelText(/^Preferred Date/) as HTMLInputElement).value = us;

    await hydrate(container);
    expect(screen.getByLabelText(/^Preferred Date/)).toHaveValue(us);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/api/availability?date=${day}`))).toBe(true),
    );
  });
});

describe("the booking form's other fields filled in before React takes over the page", () => {
  it("keep what was typed and picked, even where the hydrated form has a default of its own", async () => {
    mockFetch({ "/api/services": () => json([]) });
    const container = prerendered();
    (screen.getByLabelText(/^First Name/) as HTMLInputElement).value = "Ann";
    (screen.getByLabelText(/^Email/) as HTMLInputElement).value = "ann@example.com";
    // Once hydrated, an unpicked state shows the business's own (NC): a state picked before must win over it.
    (screen.getByLabelText(/^State/) as HTMLSelectElement).value = "SC";

    await hydrate(container);

    expect(screen.getByLabelText(/^First Name/)).toHaveValue("Ann");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("ann@example.com");
    expect(screen.getByLabelText(/^State/)).toHaveValue("SC");
  });
});
