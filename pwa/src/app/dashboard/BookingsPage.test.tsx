import "fake-indexeddb/auto";
import type { Booking } from "@contracts/bookings/booking.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  officeApi,
  openOnline,
  renderDashboard,
  reopenOffline,
  signedInOnFreshDevice,
  todayPlus,
  where,
} from "../../test/dashboard.tsx";
import { makeBooking } from "../../test/staffFixtures.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const jane = makeBooking({ _id: "b1", firstName: "Jane", lastName: "Doe", status: "pending", version: 1 });
const bob = makeBooking({
  _id: "b2",
  firstName: "Bob",
  lastName: "Ray",
  email: "bob@example.com",
  status: "completed",
  createdAt: "2030-06-02T10:00:00.000Z",
});

const names = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.querySelector(".adm-table__strong")!.textContent);
const asked = (fetchMock: ReturnType<typeof officeApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith("/api/bookings?") || url === "/api/bookings");

beforeEach(() => signedInOnFreshDevice(socket));
afterEach(() => vi.unstubAllGlobals());

describe("the Bookings screen", () => {
  it("is SPEC's 'All Bookings' with its columns, one page of the server's", async () => {
    const fetchMock = officeApi([jane, bob]);
    renderDashboard("/dashboard/bookings");
    expect(await screen.findByRole("heading", { name: "All Bookings" })).toBeInTheDocument();
    await screen.findByText("Jane Doe");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Customer",
      "Service",
      "Date & Time",
      "Amount",
      "Status",
      "Actions",
    ]);
    expect(names()).toEqual(["Bob Ray", "Jane Doe"]);
    expect(asked(fetchMock)).toContain("/api/bookings");
  });

  it("keeps its filters in the URL: a chosen filter is asked of the server, and a reload shows the same view", async () => {
    const fetchMock = officeApi([jane, bob]);
    const view = renderDashboard("/dashboard/bookings");
    await screen.findByText("Jane Doe");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "completed");
    await waitFor(() => expect(names()).toEqual(["Bob Ray"]));
    expect(where(view)).toBe("/dashboard/bookings?status=completed");
    expect(asked(fetchMock).at(-1)).toBe("/api/bookings?status=completed");
    view.unmount();

    // The same address opened again (a reload, a pasted link): the same view, the filter shown as chosen.
    const again = officeApi([jane, bob]);
    again.mockClear();
    renderDashboard("/dashboard/bookings?status=completed&sort=date");
    await waitFor(() => expect(names()).toEqual(["Bob Ray"]));
    expect(screen.getByLabelText("Status")).toHaveValue("completed");
    expect(screen.getByLabelText("Order")).toHaveValue("date");
    expect(asked(again)[0]).toBe("/api/bookings?status=completed&sort=date");
  });

  it("Back returns to the filter before, and Forward to the one after", async () => {
    officeApi([jane, bob]);
    const view = renderDashboard("/dashboard/bookings");
    await screen.findByText("Jane Doe");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "pending");
    await waitFor(() => expect(names()).toEqual(["Jane Doe"]));
    await userEvent.selectOptions(screen.getByLabelText("Status"), "completed");
    await waitFor(() => expect(names()).toEqual(["Bob Ray"]));

    await userEvent.click(screen.getByRole("button", { name: "Browser back" }));
    await waitFor(() => expect(names()).toEqual(["Jane Doe"]));
    expect(where(view)).toBe("/dashboard/bookings?status=pending");
    expect(screen.getByLabelText("Status")).toHaveValue("pending");

    await userEvent.click(screen.getByRole("button", { name: "Browser forward" }));
    await waitFor(() => expect(names()).toEqual(["Bob Ray"]));
  });

  it("searches as the person types, in place of the history entry, once typing pauses", async () => {
    const fetchMock = officeApi([jane, bob]);
    const view = renderDashboard("/dashboard/bookings");
    await screen.findByText("Jane Doe");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search bookings" }), "bob");
    await waitFor(() => expect(names()).toEqual(["Bob Ray"]));
    expect(where(view)).toBe("/dashboard/bookings?q=bob");
    // One request for the search, not one per letter.
    expect(asked(fetchMock).filter((url) => url.includes("q="))).toEqual(["/api/bookings?q=bob"]);
    // Typing replaced the entry: Back leaves the screen's first view behind, not a letter of the search.
    await userEvent.click(screen.getByRole("button", { name: "Browser back" }));
    await waitFor(() => expect(where(view)).not.toBe("/dashboard/bookings?q=b"));
  });

  it("sorts on the server by a clickable header, the order in the URL", async () => {
    const early = makeBooking({ _id: "b3", firstName: "Ann", lastName: "Early", cleaningDate: "2030-06-01" });
    const fetchMock = officeApi([jane, bob, early]);
    const view = renderDashboard("/dashboard/bookings");
    await screen.findByText("Ann Early");
    await userEvent.click(screen.getByRole("button", { name: "Date & Time" }));
    await waitFor(() => expect(where(view)).toBe("/dashboard/bookings?sort=date"));
    expect(asked(fetchMock).at(-1)).toBe("/api/bookings?sort=date");
    await waitFor(() => expect(names()[0]).toBe("Ann Early"));
    expect(screen.getByRole("columnheader", { name: "Date & Time" })).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(screen.getByRole("button", { name: "Date & Time" }));
    await waitFor(() => expect(where(view)).toBe("/dashboard/bookings?sort=-date"));
  });

  it("shows 50 at a time with a count, and Show more reads the next page", async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      makeBooking({ _id: `m${i}`, firstName: `P${i}`, createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString() }),
    );
    officeApi(many);
    renderDashboard("/dashboard/bookings");
    await screen.findByText("Showing 50 of 120 bookings");
    expect(names()).toHaveLength(50);
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await screen.findByText("Showing 100 of 120 bookings");
    expect(new Set(names()).size).toBe(100);
  });

  it("a booking that arrives live does not jump into the list: 'N new — show' does, and shows it when clicked", async () => {
    const bookings = [jane];
    officeApi(bookings);
    renderDashboard("/dashboard/bookings");
    await screen.findByText("Jane Doe");
    const lee = makeBooking({ _id: "b9", firstName: "Lee", lastName: "Park", createdAt: "2030-07-01T00:00:00.000Z" });
    const kim = makeBooking({ _id: "b8", firstName: "Kim", lastName: "Lo", createdAt: "2030-07-02T00:00:00.000Z" });
    bookings.push(lee, kim);
    act(() => {
      socket.current!.emit("newBooking", lee);
      socket.current!.emit("newBooking", kim);
    });
    const line = await screen.findByRole("button", { name: "2 new — show" });
    expect(screen.queryByText("Lee Park")).not.toBeInTheDocument();
    expect(names()).toEqual(["Jane Doe"]);
    await userEvent.click(line);
    await waitFor(() => expect(names()).toEqual(["Kim Lo", "Lee Park", "Jane Doe"]));
    expect(screen.queryByRole("button", { name: /new — show/ })).not.toBeInTheDocument();
  });

  it("counts a new booking outside the filter for nothing", async () => {
    officeApi([jane]);
    renderDashboard("/dashboard/bookings?status=completed");
    await screen.findByText("No bookings match this view.");
    act(() => socket.current!.emit("newBooking", makeBooking({ _id: "b9", status: "pending" })));
    expect(screen.queryByRole("button", { name: /new — show/ })).not.toBeInTheDocument();
  });

  it("patches a row changed live where it stands, and removes a deleted one", async () => {
    officeApi([jane, bob]);
    renderDashboard("/dashboard/bookings");
    await screen.findByText("Jane Doe");
    const before = names();
    act(() =>
      socket.current!.emit("bookingUpdated", {
        ...jane,
        status: "confirmed",
        version: 2,
        updatedAt: "2030-06-05T00:00:00.000Z",
      }),
    );
    expect(names()).toEqual(before);
    const row = screen.getByText("Jane Doe").closest("tr")!;
    expect(within(row).getByText("Confirmed", { selector: ".adm-badge" })).toBeInTheDocument();
    // A late copy of an older version changes nothing.
    act(() => socket.current!.emit("bookingUpdated", jane));
    expect(
      within(screen.getByText("Jane Doe").closest("tr")!).getByText("Confirmed", { selector: ".adm-badge" }),
    ).toBeInTheDocument();
    act(() => socket.current!.emit("bookingDeleted", { _id: "b2", updatedAt: "2030-06-06T00:00:00.000Z" }));
    expect(names()).toEqual(["Jane Doe"]);
    expect(screen.queryByRole("button", { name: /new — show/ })).not.toBeInTheDocument();
  });

  it("edit leaves for the edit screen with the way back to the same view", async () => {
    officeApi([jane]);
    renderDashboard("/dashboard/bookings?status=pending");
    await userEvent.click(await screen.findByRole("button", { name: "Edit booking of Jane Doe" }));
    expect(await screen.findByRole("heading", { name: "Edit screen" })).toBeInTheDocument();
  });

  it("reads the bookings again after a reconnection, and the new line goes", async () => {
    const bookings = [jane];
    const fetchMock = officeApi(bookings);
    renderDashboard("/dashboard/bookings");
    await screen.findByText("Jane Doe");
    act(() => socket.current!.emit("connect"));
    const lee = makeBooking({ _id: "b9", firstName: "Lee", lastName: "Park", createdAt: "2030-07-01T00:00:00.000Z" });
    bookings.push(lee);
    act(() => socket.current!.emit("newBooking", lee));
    await screen.findByRole("button", { name: "1 new — show" });
    act(() => socket.current!.emit("connect"));
    await waitFor(() => expect(names()).toEqual(["Lee Park", "Jane Doe"]));
    expect(screen.queryByRole("button", { name: /new — show/ })).not.toBeInTheDocument();
    expect(asked(fetchMock).filter((url) => url === "/api/bookings").length).toBeGreaterThanOrEqual(3);
  });
});

describe("the Bookings screen offline", () => {
  const near = (id: string, first: string, days: number, extra: Partial<Booking> = {}) =>
    makeBooking({ _id: id, firstName: first, lastName: "Near", cleaningDate: todayPlus(days), ...extra });

  it("shows the device's window, filtered and searched here, and says what lies outside it is online", async () => {
    const ann = near("n1", "Ann", 1);
    const ben = near("n2", "Ben", 3, { status: "completed" });
    const far = near("n3", "Far", 90);
    (await openOnline([ann, ben, far], {}, "/dashboard/bookings")).view.unmount();

    reopenOffline("/dashboard/bookings");
    expect(await screen.findByText(/This device keeps the bookings from/)).toHaveTextContent(
      "This is available online.",
    );
    expect(names().sort()).toEqual(["Ann Near", "Ben Near"]);
    expect(screen.queryByText("Far Near")).not.toBeInTheDocument();
  });

  it("applies a filter within the window without saying anything is missing", async () => {
    const ann = near("n1", "Ann", 1);
    const ben = near("n2", "Ben", 3, { status: "completed" });
    (await openOnline([ann, ben], {}, "/dashboard/bookings")).view.unmount();

    reopenOffline(`/dashboard/bookings?status=completed&from=${todayPlus(0)}&to=${todayPlus(7)}`);
    await waitFor(() => expect(names()).toEqual(["Ben Near"]));
    expect(screen.getByText(/This device keeps the bookings from/)).not.toHaveTextContent("available online");
  });

  it("says 'This is available online.' for a date range outside the window, not an error", async () => {
    (await openOnline([near("n1", "Ann", 1)], {}, "/dashboard/bookings")).view.unmount();
    reopenOffline("/dashboard/bookings?from=2020-01-01&to=2020-01-31");
    const note = await screen.findByText(/This is available online\./);
    expect(note.closest("[role=alert]")).toBeNull();
    expect(screen.getByText("No bookings match this view.")).toBeInTheDocument();
  });

  it("keeps only the window: the copy is read by pages from GET /api/bookings?from=&to=&sort=date", async () => {
    const { fetchMock } = await openOnline([near("n1", "Ann", 1)], {}, "/dashboard/bookings");
    const windowRead = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes("sort=date"))!;
    const query = new URL(windowRead, "http://x").searchParams;
    expect(query.get("from")).toBe(todayPlus(-7));
    expect(query.get("to")).toBe(todayPlus(30));
    expect(query.get("limit")).toBe("100");
  });
});
