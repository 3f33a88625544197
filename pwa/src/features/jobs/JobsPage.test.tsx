import "fake-indexeddb/auto";
import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { makeFakeSocket, mockFetch } from "../../test/staffApi.ts";
import { adminUser, fakeToken, makeBooking } from "../../test/staffFixtures.ts";
import JobsPage from "./JobsPage.tsx";

const socket = vi.hoisted(() => ({ current: null as ReturnType<typeof makeFakeSocket> | null }));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

beforeEach(() => {
  socket.current = makeFakeSocket();
  saveSession(fakeToken(), { ...adminUser, _id: "t1", name: "Tia Tech", role: "technician" });
});
afterEach(() => vi.restoreAllMocks());

const job = (id: string, date: string, time: string, lastName: string) =>
  makeBooking({ _id: id, cleaningDate: date, cleaningTime: time, lastName, technicianId: "t1" });

it("lists the technician's jobs by day in slot order, and follows assignments live", async () => {
  mockFetch({
    "GET /api/bookings": {
      body: {
        data: [
          job("b3", "2030-06-11", "8:00 AM", "Next"),
          job("b2", "2030-06-10", "10:00 AM", "Ten"),
          job("b1", "2030-06-10", "9:00 AM", "Nine"),
        ],
        nextCursor: null,
        total: 3,
      },
    },
    "GET /api/services": { body: [] },
  });
  render(
    <MemoryRouter>
      <JobsPage />
    </MemoryRouter>,
  );
  const first = await screen.findByRole("region", { name: "2030-06-10" });
  // 9:00 AM before 10:00 AM, which text order would put first.
  expect(
    within(first)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual([expect.stringContaining("Nine"), expect.stringContaining("Ten")]);
  expect(screen.getAllByRole("region").map((r) => r.getAttribute("aria-label"))).toEqual(["2030-06-10", "2030-06-11"]);

  act(() => socket.current!.emit("jobAssigned", job("b4", "2030-06-10", "7:00 AM", "Early")));
  expect(within(first).getAllByRole("listitem")[0]).toHaveTextContent("Early");
  act(() => socket.current!.emit("jobUnassigned", { _id: "b2", updatedAt: "2030-06-01T00:00:00.000Z" }));
  expect(within(first).queryByText(/Ten/)).not.toBeInTheDocument();
});
