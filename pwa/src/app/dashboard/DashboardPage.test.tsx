import "fake-indexeddb/auto";
import { CATCH_UP_OVERLAP_MS, SOCKET_REFUSALS, SOCKET_RETRY_AFTER_UNAVAILABLE_MS } from "@contracts/realtime/events.ts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { MemoryRouter } from "react-router-dom";
import { ProfileProvider, useProfile } from "../../lib/profile.tsx";
import DashboardPage from "./DashboardPage.tsx";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listStatusChanges } from "../../lib/offline-queue/adminStatusQueue.ts";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/staffApi.ts";
import { openOnline, renderDashboard, signedInOnFreshDevice, stubDialog } from "../../test/dashboard.tsx";
import { adminUser, fakeToken, makeBooking, makeService } from "../../test/staffFixtures.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const jane = makeBooking({ _id: "b1", firstName: "Jane", lastName: "Doe", estimatedPrice: 199, status: "pending" });
const bob = makeBooking({
  _id: "b2",
  firstName: "Bob",
  lastName: "Ray",
  email: "bob@example.com",
  estimatedPrice: 358.2,
  status: "completed",
  createdAt: "2030-06-02T10:00:00.000Z",
  updatedAt: "2030-06-02T10:00:00.000Z",
});

function stat(label: string) {
  return screen.getByText(label, { selector: ".adm-stats__label" }).nextElementSibling!.textContent;
}

/** One dashboard load online (Jane), kept on the device; then fetch is the test's again, and load errors quiet. */
async function keepDeviceCopy() {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  (await openOnline([jane])).view.unmount();
  vi.restoreAllMocks();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => signedInOnFreshDevice(socket));

describe("DashboardPage", () => {
  it("shows 'Loading Dashboard...' until bookings and services have answered", async () => {
    let answer!: (r: Response) => void;
    mockFetch({
      "GET /api/bookings": () => new Promise<Response>((resolve) => (answer = resolve)),
      "GET /api/services": { body: [] },
    });
    renderDashboard();
    expect(screen.getByRole("status")).toHaveTextContent("Loading Dashboard...");
    answer(new Response(JSON.stringify([jane]), { status: 200 }));
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Sam Admin")).toBeInTheDocument();
  });

  it("ends the loading state and logs when the data fails to load", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({ "GET /api/bookings": { status: 500, body: { message: "boom" } }, "GET /api/services": { body: [] } });
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(screen.queryByText("Loading Dashboard...")).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(stat("Total Bookings")).toBe("0");
  });

  it("shows the four stats, the recent bookings and the services' names", async () => {
    mockFetch({ "GET /api/bookings": { body: [bob, jane] }, "GET /api/services": { body: [makeService()] } });
    renderDashboard();
    await screen.findByRole("heading", { name: "Recent Bookings" });
    expect(stat("Total Bookings")).toBe("2");
    expect(stat("Pending Bookings")).toBe("1");
    expect(stat("Completed")).toBe("1");
    expect(stat("Booked Value")).toBe("$557.20");
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Bob Ray");
    expect(rows[1]).toHaveTextContent("Air Duct Cleaning");
    expect(within(rows[2]!).getByText("Pending", { selector: ".adm-badge" })).toBeInTheDocument();
  });

  it("sends every admin call with the Bearer token", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings": { body: [] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await screen.findByRole("heading", { name: "Admin Dashboard" });
    for (const [, init] of fetchMock.mock.calls) {
      expect((init!.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    }
  });

  it("deletes a booking after the confirm and recomputes the stats", async () => {
    const fetchMock = mockFetch({
      "GET /api/bookings": { body: [bob, jane] },
      "GET /api/services": { body: [] },
      "DELETE /api/bookings/b1": { body: { data: { _id: "b1" } } },
    });
    const confirm = stubDialog("confirm", true);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Delete booking of Jane Doe" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this booking?");
    await waitFor(() => expect(screen.queryByText("Jane Doe")).not.toBeInTheDocument());
    expect(stat("Total Bookings")).toBe("1");
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/bookings/b1" && init?.method === "DELETE")).toBe(
      true,
    );
  });

  it("does not delete when the confirm is declined", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [] } });
    stubDialog("confirm", false);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Delete booking of Jane Doe" }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
  });

  it("alerts 'Failed to delete booking.' when the delete fails and keeps the row", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "DELETE /api/bookings/b1": { status: 500, body: { message: "nope" } },
    });
    stubDialog("confirm", true);
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Delete booking of Jane Doe" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to delete booking."));
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
  });

  it("changes the status with the booking's version and updates badge and stats", async () => {
    const confirmed = { ...jane, status: "confirmed", version: 2, updatedAt: "2030-06-05T00:00:00.000Z" };
    const fetchMock = mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "PUT /api/bookings/b1/status": { body: { data: confirmed } },
    });
    renderDashboard();
    await userEvent.selectOptions(await screen.findByLabelText("Status of Jane Doe's booking"), "confirmed");
    expect(await screen.findByText("Confirmed", { selector: ".adm-badge" })).toBeInTheDocument();
    expect(stat("Pending Bookings")).toBe("0");
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/bookings/b1/status")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ status: "confirmed", version: 1 });
  });

  it("alerts 'Failed to update booking status.' when the server refuses the status change", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "PUT /api/bookings/b1/status": { status: 404, body: { message: "Booking not found" } },
    });
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    const select = await screen.findByLabelText("Status of Jane Doe's booking");
    await userEvent.selectOptions(select, "completed");
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to update booking status."));
    expect(select).toHaveValue("pending");
  });

  it("shows the money collected this month apart from the booked value, and reads it again when a payment lands", async () => {
    let collected = 12_500;
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "GET /api/reports/summary": async () => json({ collectedCents: collected, refundedCents: 500 }),
    });
    renderDashboard();
    await waitFor(() => expect(stat("Collected This Month")).toBe("$120.00"));
    expect(stat("Booked Value")).toBe("$199.00");
    collected = 20_000;
    act(() => socket.current!.emit("invoicePaid", { invoice: { bookingId: "b1" }, customerName: "Jane Doe" }));
    await waitFor(() => expect(stat("Collected This Month")).toBe("$195.00"));
  });

  it("prepends a booking that arrives live and recomputes the stats", async () => {
    mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await screen.findByText("Jane Doe");
    const fresh = makeBooking({ _id: "b9", firstName: "Lee", lastName: "Park", createdAt: "2030-07-01T00:00:00.000Z" });
    act(() => socket.current!.emit("newBooking", fresh));
    act(() => socket.current!.emit("newBooking", fresh));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("Lee Park");
    expect(stat("Total Bookings")).toBe("2");
  });

  it("reads the business profile again when the owner saves Settings on another tablet", async () => {
    let phone = "(704) 555-0142";
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "GET /api/profile": async () => json({ ...DEFAULT_PROFILE, phone }),
    });
    function Phone() {
      return <p data-testid="phone">{useProfile().phone}</p>;
    }
    render(
      <ProfileProvider>
        <Phone />
        <MemoryRouter initialEntries={["/dashboard"]}>
          <DashboardPage />
        </MemoryRouter>
      </ProfileProvider>,
    );
    await screen.findByText("Jane Doe");
    await waitFor(() => expect(screen.getByTestId("phone")).toHaveTextContent("(704) 555-0142"));
    phone = "(704) 555-0199";
    act(() => socket.current!.emit("settingsChanged", { ...DEFAULT_PROFILE, phone }));
    await waitFor(() => expect(screen.getByTestId("phone")).toHaveTextContent("(704) 555-0199"));
  });

  it("removes a booking deleted on another dashboard", async () => {
    mockFetch({ "GET /api/bookings": { body: [bob, jane] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await screen.findByText("Jane Doe");
    act(() => socket.current!.emit("bookingDeleted", { _id: "b1", updatedAt: "2030-07-01T00:00:00.000Z" }));
    expect(screen.queryByText("Jane Doe")).not.toBeInTheDocument();
    expect(stat("Total Bookings")).toBe("1");
  });

  it("catches up with GET /api/bookings?since= and /deleted?since= (a minute early) when the socket (re)connects", async () => {
    const late = makeBooking({ _id: "b7", firstName: "Ana", lastName: "Lim", createdAt: "2030-07-02T00:00:00.000Z" });
    let calls = 0;
    const fetchMock = mockFetch({
      "GET /api/bookings": async () => new Response(JSON.stringify(calls++ === 0 ? [jane] : [late])),
      "GET /api/bookings/deleted": { body: [] },
      "GET /api/services": { body: [] },
    });
    renderDashboard();
    await screen.findByText("Jane Doe");
    act(() => socket.current!.emit("connect"));
    expect(await screen.findByText("Ana Lim")).toBeInTheDocument();
    const from = encodeURIComponent(new Date(Date.parse(jane.updatedAt) - CATCH_UP_OVERLAP_MS).toISOString());
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContain(`/api/bookings?since=${from}`);
    expect(urls).toContain(`/api/bookings/deleted?since=${from}`);
  });

  it("removes a booking deleted while the socket was away once it reconnects", async () => {
    let calls = 0;
    mockFetch({
      // Jane (b1) was deleted while the socket was away: the catch-up's list no longer has her.
      "GET /api/bookings": async () => new Response(JSON.stringify(calls++ === 0 ? [bob, jane] : [bob])),
      "GET /api/bookings/deleted": { body: [{ _id: "b1", updatedAt: "2030-07-01T00:00:00.000Z" }] },
      "GET /api/services": { body: [] },
    });
    renderDashboard();
    await screen.findByText("Jane Doe");
    act(() => socket.current!.emit("disconnect"));
    act(() => socket.current!.emit("connect"));
    await waitFor(() => expect(screen.queryByText("Jane Doe")).not.toBeInTheDocument());
    expect(screen.getByText("Bob Ray")).toBeInTheDocument();
    expect(stat("Total Bookings")).toBe("1");
  });

  it("keeps the newer copy shown when the catch-up's overlap brings back an older one", async () => {
    const confirmed = { ...jane, status: "confirmed" as const, version: 2, updatedAt: "2030-06-05T00:00:00.000Z" };
    const late = makeBooking({ _id: "b7", firstName: "Ana", lastName: "Lim", createdAt: "2030-07-02T00:00:00.000Z" });
    let calls = 0;
    mockFetch({
      // The catch-up re-sends jane as first loaded (version 1) beside a booking really missed.
      "GET /api/bookings": async () => new Response(JSON.stringify(calls++ === 0 ? [jane] : [jane, late])),
      "GET /api/bookings/deleted": { body: [] },
      "GET /api/services": { body: [] },
    });
    renderDashboard();
    await screen.findByText("Jane Doe");
    act(() => socket.current!.emit("bookingUpdated", confirmed));
    act(() => socket.current!.emit("connect"));
    expect(await screen.findByText("Ana Lim")).toBeInTheDocument();
    expect(screen.getByLabelText("Status of Jane Doe's booking")).toHaveValue("confirmed");
  });

  it("goes to /login when the socket's handshake is refused because the token is no longer accepted", async () => {
    mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await screen.findByText("Jane Doe");
    socket.current!.active = false;
    act(() => socket.current!.emit("connect_error", new Error(SOCKET_REFUSALS.unauthorized)));
    expect(await screen.findByRole("heading", { name: "Login screen" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("goes to /login when the server closes the socket (token expired, or revoked by a logout elsewhere)", async () => {
    mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await screen.findByText("Jane Doe");
    act(() => socket.current!.emit("disconnect", "transport close"));
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
    act(() => socket.current!.emit("disconnect", "io server disconnect"));
    expect(await screen.findByRole("heading", { name: "Login screen" })).toBeInTheDocument();
  });

  it("asks again shortly when the server could not check the token, and stays signed in", async () => {
    mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await screen.findByText("Jane Doe");
    vi.useFakeTimers();
    try {
      socket.current!.active = false;
      act(() => socket.current!.emit("connect_error", new Error(SOCKET_REFUSALS.unavailable)));
      expect(socket.current!.connect).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(SOCKET_RETRY_AFTER_UNAVAILABLE_MS));
      expect(socket.current!.connect).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
    expect(localStorage.getItem("token")).not.toBeNull();
  });

  it("logout removes token and user, closes the socket and goes to /login", async () => {
    mockFetch({ "GET /api/bookings": { body: [] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Login screen" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(socket.current!.disconnect).toHaveBeenCalled();
  });

  it("logout revokes the token on the server and deletes the device's copy of customer data", async () => {
    const token = fakeToken();
    saveSession(token, adminUser);
    const fetchMock = mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "POST /api/auth/logout": { status: 204, body: undefined },
    });
    renderDashboard();
    await screen.findByRole("heading", { name: "Admin Dashboard" });
    await waitFor(async () => expect(await loadAdminSnapshot()).not.toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Login screen" })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/logout")!;
    expect(new Headers(call[1]!.headers).get("Authorization")).toBe(`Bearer ${token}`);
    expect(await loadAdminSnapshot()).toBeNull();
  });

  it("shows the last synced bookings, marked as such, when the server cannot be reached", async () => {
    await keepDeviceCopy();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
    renderDashboard();
    expect(await screen.findByText(/Offline: showing the bookings as last synced on/)).toBeInTheDocument();
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
    expect(stat("Total Bookings")).toBe("1");
  });

  it("drops the offline notice once the reconnected socket's catch-up has brought the bookings up to date", async () => {
    await keepDeviceCopy();
    let online = false;
    const answers = mockFetch({
      "GET /api/bookings": () => (online ? Promise.resolve(json([bob])) : Promise.reject(new TypeError("offline"))),
      "GET /api/bookings/deleted": () => Promise.resolve(json([])),
      "GET /api/services": () => Promise.reject(new TypeError("offline")),
      "GET /api/contact": () => Promise.reject(new TypeError("offline")),
    });
    renderDashboard();
    const notice = await screen.findByText(/Offline: showing the bookings as last synced on/);

    // A failed catch-up leaves the list as it was: still the device's copy.
    act(() => socket.current!.emit("connect"));
    await waitFor(() => expect(answers).toHaveBeenCalledWith(expect.stringContaining("since="), expect.anything()));
    expect(notice).toBeInTheDocument();

    online = true;
    act(() => socket.current!.emit("disconnect"));
    act(() => socket.current!.emit("connect"));
    expect(await screen.findByText("Bob Ray")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Offline: showing the bookings/)).not.toBeInTheDocument());
  });

  it("keeps a status change made without a connection on the device and says it waits", async () => {
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "PUT /api/bookings/b1/status": () => Promise.reject(new TypeError("offline")),
    });
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    await userEvent.selectOptions(await screen.findByLabelText("Status of Jane Doe's booking"), "confirmed");
    expect(await screen.findByText(/1 status change is saved on this device/)).toHaveTextContent("Jane Doe");
    expect(alert).not.toHaveBeenCalled();
    expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", status: "confirmed", version: 1 }]);
  });

  it("shows the waiting status in the row's select, beside the server's status, until it is sent", async () => {
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "PUT /api/bookings/b1/status": () => Promise.reject(new TypeError("offline")),
    });
    stubDialog("alert", undefined);
    renderDashboard();
    const select = await screen.findByLabelText("Status of Jane Doe's booking");
    await userEvent.selectOptions(select, "confirmed");
    expect(await screen.findByText("Confirmed when back online")).toBeInTheDocument();
    expect(select).toHaveValue("confirmed");
    const row = select.closest("tr")!;
    expect(within(row).getByText("Pending", { selector: ".adm-badge" })).toBeInTheDocument();
  });

  it("the booking details modal lists the booking's history of staff changes", async () => {
    mockFetch({
      "GET /api/bookings": { body: [jane] },
      "GET /api/services": { body: [] },
      "GET /api/bookings/b1/history": {
        body: [
          {
            _id: "a1",
            at: "2030-06-05T14:00:00.000Z",
            adminId: "u1",
            adminEmail: "sam@clearflow.test",
            entityType: "booking",
            entityId: "b1",
            action: "status",
            changes: { status: { from: "pending", to: "confirmed" } },
          },
        ],
      },
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "View booking of Jane Doe" }));
    const dialog = screen.getByRole("dialog", { name: "Booking Details" });
    expect(await within(dialog).findByText("status: pending → confirmed")).toBeInTheDocument();
    expect(within(dialog).getByText(/by sam@clearflow.test/)).toBeInTheDocument();
  });

  it("edit navigates to the edit screen of that booking", async () => {
    mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [] } });
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Edit booking of Jane Doe" }));
    expect(await screen.findByRole("heading", { name: "Edit screen" })).toBeInTheDocument();
  });

  it("tabs are a keyboard-operable tablist", async () => {
    mockFetch({ "GET /api/bookings": { body: [jane] }, "GET /api/services": { body: [makeService()] } });
    renderDashboard();
    const overview = await screen.findByRole("tab", { name: "Overview" });
    expect(overview).toHaveAttribute("aria-selected", "true");
    overview.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Bookings" })).toHaveFocus();
    expect(screen.getByRole("heading", { name: "All Bookings" })).toBeInTheDocument();
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("heading", { name: "Staff" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("heading", { name: "Messages" })).toBeInTheDocument();
    await userEvent.keyboard("{End}{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  });

  it("the booking details modal shows the booking and closes on Escape, returning focus", async () => {
    mockFetch({
      "GET /api/bookings": { body: [{ ...jane, comment: "Dog in the yard" }] },
      "GET /api/services": { body: [] },
    });
    renderDashboard();
    const view = await screen.findByRole("button", { name: "View booking of Jane Doe" });
    await userEvent.click(view);
    const dialog = screen.getByRole("dialog", { name: "Booking Details" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    for (const text of [
      "jane@example.com",
      "704-555-0101",
      "12 Elm St, Charlotte, NC 28202",
      "Furnace",
      "Dog in the yard",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it("customers tab lists customers grouped by e-mail with a details modal", async () => {
    const janeAgain = makeBooking({ _id: "b3", email: "JANE@example.com", createdAt: "2030-06-03T00:00:00.000Z" });
    mockFetch({
      "GET /api/bookings": { body: [janeAgain, bob, jane] },
      "GET /api/services": { body: [] },
      // Who unsubscribed from the yearly reminder, by lower-cased e-mail.
      "GET /api/unsubscribe": {
        body: { data: [{ email: "jane@example.com", unsubscribedAt: "2030-06-04T15:00:00.000Z" }] },
      },
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole("tab", { name: "Customers" }));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const janeRow = rows.find((row) => within(row).queryByText("Jane Doe"))!;
    await waitFor(() => expect(within(janeRow).getByText("Unsubscribed")).toBeInTheDocument());
    expect(screen.getAllByText("Unsubscribed")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "View Details of Jane Doe" }));
    const dialog = screen.getByRole("dialog", { name: "Customer Details" });
    expect(within(dialog).getAllByRole("row")).toHaveLength(3);
    expect(dialog).toHaveTextContent(/Rebook remindersUnsubscribed on/);
  });

  it("services tab deletes a service after the confirm, and alerts on failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const other = makeService({ _id: "dryer-vent-cleaning", title: "Dryer Vent Cleaning" });
    mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [makeService(), other] },
      "DELETE /api/services/air-duct-cleaning": { body: { data: { _id: "air-duct-cleaning" } } },
      "DELETE /api/services/dryer-vent-cleaning": { status: 500, body: { message: "in use" } },
    });
    const confirm = stubDialog("confirm", true);
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    await userEvent.click(await screen.findByRole("tab", { name: "Services" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete Air Duct Cleaning" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this service?");
    await waitFor(() => expect(screen.queryByText("Air Duct Cleaning")).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole("button", { name: "Delete Dryer Vent Cleaning" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to delete service."));
    expect(screen.getByText("Dryer Vent Cleaning", { selector: ".adm-table__strong" })).toBeInTheDocument();
  });

  it("quick actions: Settings and Generate Report open their screens, Add Staff Member the Staff tab's form", async () => {
    mockFetch({ "GET /api/bookings": { body: [] }, "GET /api/services": { body: [] }, "GET /api/staff": { body: [] } });
    renderDashboard();
    expect(await screen.findByRole("link", { name: "Settings" })).toHaveAttribute("href", "/dashboard/settings");
    expect(screen.getByRole("link", { name: "Generate Report" })).toHaveAttribute("href", "/dashboard/reports");
    await userEvent.click(screen.getByRole("button", { name: "Add New Service" }));
    expect(screen.getByRole("dialog", { name: "Add New Service" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close dialog" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Staff Member" }));
    expect(await screen.findByRole("dialog", { name: "Add Staff Member" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Staff" })).toHaveAttribute("aria-selected", "true");
  });
});
