import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ScheduleBoard } from "@contracts/schedule/board.ts";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/staffApi.ts";
import { makeBoardBooking, makeTechnician } from "../../test/staffFixtures.ts";
import { DispatchBoard } from "./DispatchBoard.tsx";

const MONDAY = "2030-06-10";
const ana = makeTechnician({ _id: "ana", name: "Ana Ruiz" });
const mei = makeBoardBooking({ _id: "mei", firstName: "Mei", lastName: "Chen", cleaningDate: MONDAY, version: 3 });
const board: ScheduleBoard = { from: MONDAY, to: MONDAY, technicians: [ana], bookings: [mei] };

function renderBoard() {
  return render(
    <MemoryRouter initialEntries={[`/dashboard/schedule?day=${MONDAY}`]}>
      <DispatchBoard serviceTitle={() => "Dryer Vent Cleaning"} />
    </MemoryRouter>,
  );
}

const card = () => screen.getByRole("button", { name: /^Mei Chen,/ });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the dispatch board", () => {
  it("moves a job by keyboard and, refused, puts it back with the server's words beside it", async () => {
    const moves: unknown[] = [];
    mockFetch({
      "GET /api/schedule/board": { body: board },
      "POST /api/bookings/mei/move": async (_url, init) => {
        moves.push(JSON.parse(String(init?.body)));
        return json(
          { message: "Ana Ruiz has Jon Park's dryer vent until 10:30 AM", conflict: { kind: "overlap" } },
          409,
        );
      },
    });
    renderBoard();
    const unassigned = await screen.findByRole("group", { name: "Unassigned" });
    expect(within(unassigned).getByRole("button", { name: /^Mei Chen,/ })).toBeInTheDocument();

    const user = userEvent.setup();
    act(() => card().focus());
    await user.keyboard(" ");
    await waitFor(() => expect(card()).toHaveAttribute("data-dragging", "true"));
    await user.keyboard("{ArrowRight}{ArrowDown}");
    await user.keyboard(" ");

    await waitFor(() =>
      expect(moves).toEqual([{ technicianId: "ana", date: MONDAY, time: "10:00 AM", expectedVersion: 3 }]),
    );
    const words = await within(unassigned).findByRole("alert");
    expect(words).toHaveTextContent("Ana Ruiz has Jon Park's dryer vent until 10:30 AM");
    expect(within(unassigned).getByRole("button", { name: /^Mei Chen,/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "Ana Ruiz" })).queryByRole("button", { name: /^Mei Chen,/ }),
    ).toBeNull();
  });

  it("offline, says it is read-only and lets nothing be picked up", async () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    mockFetch({ "GET /api/schedule/board": { body: board } });
    renderBoard();
    expect(
      await screen.findByText("Offline: the board is read-only until the connection is back."),
    ).toBeInTheDocument();
    // The notice shows from the start; the board's cards once its read has answered.
    expect(await screen.findByRole("button", { name: /^Mei Chen,/ })).toHaveAttribute("aria-disabled", "true");
    expect(screen.queryByRole("button", { name: /^Order/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Duration of/ })).toBeNull();
  });
});
