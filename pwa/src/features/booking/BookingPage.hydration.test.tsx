import "fake-indexeddb/auto";
import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { TIME_SLOTS, addDays, earliestBookingDate, isSaturday } from "@contracts/schedule.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { freshOutbox } from "../../test/outbox.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import BookingPage from "./BookingPage.tsx";

beforeEach(() => freshOutbox());
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

// /booking is rendered at build time: a customer (or a test on a busy machine) can type before React runs.
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
    const container = document.createElement("div");
    container.innerHTML = renderToString(page());
    document.body.append(container);
    // Typed into the server's HTML as the field shows dates: no React handler sees it.
    (screen.getByLabelText(/^Preferred Date/) as HTMLInputElement).value = us;

    await act(async () => {
      root = hydrateRoot(container, page());
    });
    expect(screen.getByLabelText(/^Preferred Date/)).toHaveValue(us);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/api/availability?date=${day}`))).toBe(true),
    );
  });
});
