import "fake-indexeddb/auto";
import { SOCKET_REFUSALS } from "@contracts/realtime/events.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listStatusChanges } from "../../lib/offline-queue/adminStatusQueue.ts";
import { ProfileProvider, useProfile } from "../../lib/profile.tsx";
import { json } from "../../test/staffApi.ts";
import {
  officeApi,
  openOnline,
  renderDashboard,
  reopenOffline,
  signedInOnFreshDevice,
  todayPlus,
  stubDialog,
  summaryOf,
  where,
} from "../../test/dashboard.tsx";
import { adminUser, fakeToken, makeBooking, makeService } from "../../test/staffFixtures.ts";
import { saveSession } from "../../lib/session.ts";
import { preloadScreen } from "../shell/StaffRoutes.tsx";
import DashboardPage from "./DashboardPage.tsx";
import { summaryTiming } from "./useSummary.ts";

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

const labels = () => [...document.querySelectorAll(".adm-stats__label")].map((el) => el.textContent);
const stat = (label: string) =>
  screen.getByText(label, { selector: ".adm-stats__label" }).nextElementSibling!.textContent;
const settle = summaryTiming.settleMs;

beforeEach(async () => {
  await signedInOnFreshDevice(socket);
  summaryTiming.settleMs = 20;
});
afterEach(() => {
  vi.unstubAllGlobals();
  summaryTiming.settleMs = settle;
});

describe("the overview", () => {
  it("shows 'Loading Dashboard...' until the figures and the latest bookings have answered", async () => {
    let answer!: (r: Response) => void;
    officeApi([jane], { "GET /api/dashboard/summary": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDashboard();
    expect(await screen.findByText("Loading Dashboard...")).toBeInTheDocument();
    answer(json(summaryOf([jane])));
    expect(await screen.findByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Sam Admin")).toBeInTheDocument();
  });

  it("takes the first reads the shell started for /dashboard before its code came, and sends them once", async () => {
    const fetches = officeApi([jane]);
    preloadScreen("/dashboard");
    const asked = (path: string) =>
      fetches.mock.calls.filter(([input]) => String(input) === path && !String(input).includes("from=")).length;
    expect(asked("/api/bookings?limit=5&sort=-created")).toBe(1);
    expect(asked("/api/dashboard/summary")).toBe(1);
    renderDashboard();
    const recent = await screen.findByRole("table", { name: "Recent bookings" });
    expect(within(recent).getAllByText(/Jane Doe/).length).toBeGreaterThan(0);
    expect(asked("/api/bookings?limit=5&sort=-created")).toBe(1);
    expect(asked("/api/dashboard/summary")).toBe(1);
  });

  it("starts no overview reads for an old address the overview sends elsewhere, nor for a technician", () => {
    const fetches = officeApi([jane]);
    preloadScreen("/dashboard", "?tab=bookings");
    preloadScreen("/dashboard/customers");
    saveSession(fakeToken(), { ...adminUser, role: "technician" });
    preloadScreen("/dashboard");
    expect(fetches.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/"))).toEqual([]);
  });

  it("shows the spec's four cards in its order and words, then Booked Value and Collected This Month", async () => {
    officeApi([bob, jane], {
      "GET /api/dashboard/summary": () =>
        Promise.resolve(
          json({ ...summaryOf([bob, jane]), totalRevenueCents: 35_820, collectedThisMonthCents: 12_000 }),
        ),
    });
    renderDashboard();
    await screen.findByRole("heading", { name: "Recent Bookings" });
    expect(labels()).toEqual([
      "Total Bookings",
      "Pending Bookings",
      "Completed",
      "Total Revenue",
      "Booked Value",
      "Collected This Month",
    ]);
    expect(stat("Total Bookings")).toBe("2");
    expect(stat("Pending Bookings")).toBe("1");
    expect(stat("Completed")).toBe("1");
    expect(stat("Total Revenue")).toBe("$358.20");
    expect(stat("Booked Value")).toBe("$557.20");
    expect(stat("Collected This Month")).toBe("$120.00");
  });

  it("writes a large figure as one unbreakable element: all of it in one span, no break inside", async () => {
    officeApi([jane], {
      "GET /api/dashboard/summary": () =>
        Promise.resolve(json({ ...summaryOf([jane]), bookedValueCents: 747_000_000, totalBookings: 41_250 })),
    });
    renderDashboard();
    const figure = await screen.findByText("$7,470,000.00");
    expect(figure).toHaveClass("adm-stats__value");
    expect(figure.children).toHaveLength(0);
    expect(figure.textContent).not.toMatch(/\s/);
    expect(stat("Total Bookings")).toBe("41,250");
  });

  it("lists the latest five from GET /api/bookings?limit=5&sort=-created, with the services' names", async () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      makeBooking({ _id: `m${i}`, firstName: `Person${i}`, createdAt: `2030-06-0${i + 1}T10:00:00.000Z` }),
    );
    const fetchMock = officeApi(many, { "GET /api/services": { body: [makeService()] } });
    renderDashboard();
    await screen.findByRole("heading", { name: "Recent Bookings" });
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelector(".adm-table__strong")!.textContent)).toEqual([
      "Person7 Doe",
      "Person6 Doe",
      "Person5 Doe",
      "Person4 Doe",
      "Person3 Doe",
    ]);
    await waitFor(() => expect(rows[0]).toHaveTextContent("Air Duct Cleaning"));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/bookings?limit=5&sort=-created");
    expect(screen.getByRole("link", { name: "View all 8" })).toHaveAttribute("href", "/dashboard/bookings");
    for (const [url, init] of fetchMock.mock.calls) {
      if (/^\/api\/(bookings|dashboard)/.test(String(url)))
        expect((init!.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    }
  });

  it("links to all bookings with the server's count, as at least when it counted only so far", async () => {
    const many = Array.from({ length: 1001 }, (_, i) => makeBooking({ _id: `m${i}`, firstName: `Person${i}` }));
    officeApi(many, { "GET /api/services": { body: [makeService()] } });
    renderDashboard();
    expect(await screen.findByRole("link", { name: "View all 1,000+" })).toHaveAttribute("href", "/dashboard/bookings");
  });

  it("has no second row of tabs and no Logout of its own (it is the account menu's)", async () => {
    officeApi([jane]);
    renderDashboard();
    await screen.findByText("Jane Doe");
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
  });

  it("sends an old ?tab= address to the area's own address, keeping the rest of its query", async () => {
    officeApi([jane]);
    const view = renderDashboard("/dashboard?tab=bookings&status=pending");
    expect(await screen.findByRole("heading", { name: "All Bookings" })).toBeInTheDocument();
    expect(where(view)).toBe("/dashboard/bookings?status=pending");
  });

  it("opens a booking's details from /dashboard?booking={id}, as a notification's tap does, even one not listed", async () => {
    const old = makeBooking({ _id: "b7", firstName: "Old", lastName: "Timer" });
    officeApi([jane], { "GET /api/bookings/b7": { body: old } });
    renderDashboard("/dashboard?booking=b7");
    const dialog = await screen.findByRole("dialog", { name: "Booking Details" });
    expect(within(dialog).getByText("Old Timer")).toBeInTheDocument();
  });

  it("deletes a booking after the spec's confirm", async () => {
    const bookings = [bob, jane];
    const fetchMock = officeApi(bookings, { "DELETE /api/bookings/b1": { body: { data: { _id: "b1" } } } });
    const confirm = stubDialog("confirm", true);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Delete booking of Jane Doe" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this booking?");
    await waitFor(() => expect(screen.queryByText("Jane Doe")).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/bookings/b1" && init?.method === "DELETE")).toBe(
      true,
    );
  });

  it("alerts 'Failed to delete booking.' when the delete fails and keeps the row", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    officeApi([jane], { "DELETE /api/bookings/b1": { status: 500, body: { message: "nope" } } });
    stubDialog("confirm", true);
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Delete booking of Jane Doe" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to delete booking."));
    expect(screen.getByText("Jane Doe")).toBeInTheDocument();
  });

  it("changes the status with the booking's version, and the badge follows", async () => {
    const confirmed = { ...jane, status: "confirmed", version: 2, updatedAt: "2030-06-05T00:00:00.000Z" };
    const fetchMock = officeApi([jane], { "PUT /api/bookings/b1/status": { body: { data: confirmed } } });
    renderDashboard();
    await userEvent.selectOptions(await screen.findByLabelText("Status of Jane Doe's booking"), "confirmed");
    expect(await screen.findByText("Confirmed", { selector: ".adm-badge" })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/bookings/b1/status")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ status: "confirmed", version: 1 });
  });

  it("alerts 'Failed to update booking status.' when the server refuses the status change", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    officeApi([jane], { "PUT /api/bookings/b1/status": { status: 404, body: { message: "Booking not found" } } });
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    const select = await screen.findByLabelText("Status of Jane Doe's booking");
    await userEvent.selectOptions(select, "completed");
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to update booking status."));
    expect(select).toHaveValue("pending");
  });

  it("keeps a status change made without a connection on the device, says it waits and shows it in the row", async () => {
    officeApi([jane], { "PUT /api/bookings/b1/status": () => Promise.reject(new TypeError("offline")) });
    const alert = stubDialog("alert", undefined);
    renderDashboard();
    const select = await screen.findByLabelText("Status of Jane Doe's booking");
    await userEvent.selectOptions(select, "confirmed");
    expect(await screen.findByText(/1 status change is saved on this device/)).toHaveTextContent("Jane Doe");
    expect(await screen.findByText("Confirmed when back online")).toBeInTheDocument();
    expect(select).toHaveValue("confirmed");
    expect(alert).not.toHaveBeenCalled();
    expect(await listStatusChanges()).toMatchObject([{ bookingId: "b1", status: "confirmed", version: 1 }]);
  });

  it("patches a row changed live in place, and reads the figures once after a burst of events", async () => {
    const bookings = [bob, jane];
    const fetchMock = officeApi(bookings);
    renderDashboard();
    await screen.findByText("Jane Doe");
    const summaries = () => fetchMock.mock.calls.filter(([url]) => String(url) === "/api/dashboard/summary").length;
    const before = summaries();
    const confirmed = { ...jane, status: "confirmed" as const, version: 2, updatedAt: "2030-06-05T00:00:00.000Z" };
    bookings[1] = confirmed;
    act(() => {
      socket.current!.emit("bookingUpdated", confirmed);
      socket.current!.emit("invoicePaid", { invoice: { bookingId: "b1" }, customerName: "Jane Doe" });
      socket.current!.emit("bookingUpdated", confirmed);
    });
    const row = screen.getByText("Jane Doe").closest("tr")!;
    expect(within(row).getByText("Confirmed", { selector: ".adm-badge" })).toBeInTheDocument();
    await waitFor(() => expect(stat("Pending Bookings")).toBe("0"));
    expect(summaries()).toBe(before + 1);
  });

  it("puts a booking that arrives live on top of the latest five (SPEC §4), once", async () => {
    const bookings = [jane];
    officeApi(bookings);
    renderDashboard();
    await screen.findByText("Jane Doe");
    const lee = makeBooking({ _id: "b9", firstName: "Lee", lastName: "Park", createdAt: "2030-07-01T00:00:00.000Z" });
    bookings.push(lee);
    act(() => {
      socket.current!.emit("newBooking", lee);
      socket.current!.emit("newBooking", lee);
    });
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(3));
    expect(within(screen.getByRole("table")).getAllByRole("row")[1]).toHaveTextContent("Lee Park");
    await waitFor(() => expect(stat("Total Bookings")).toBe("2"));
  });

  it("reads the business profile again when the owner saves Settings on another tablet", async () => {
    let phone = "(704) 555-0142";
    officeApi([jane], { "GET /api/profile": async () => json({ ...DEFAULT_PROFILE, phone }) });
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

  it("goes to /login when the socket's handshake is refused because the token is no longer accepted", async () => {
    officeApi([jane]);
    renderDashboard();
    await screen.findByText("Jane Doe");
    socket.current!.active = false;
    act(() => socket.current!.emit("connect_error", new Error(SOCKET_REFUSALS.unauthorized)));
    expect(await screen.findByRole("heading", { name: "Login screen" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("the booking details modal shows the spec's fields and closes on Escape, returning focus", async () => {
    officeApi([{ ...jane, comment: "Dog in the yard" }]);
    renderDashboard();
    const view = await screen.findByRole("button", { name: "View booking of Jane Doe" });
    await userEvent.click(view);
    const dialog = await screen.findByRole("dialog", { name: "Booking Details" });
    for (const text of [
      "jane@example.com",
      "704-555-0101",
      "12 Elm St, Charlotte, NC 28202",
      "Furnace",
      "Dog in the yard",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it("edit goes to the booking's edit screen", async () => {
    officeApi([jane]);
    renderDashboard();
    await userEvent.click(await screen.findByRole("button", { name: "Edit booking of Jane Doe" }));
    expect(await screen.findByRole("heading", { name: "Edit screen" })).toBeInTheDocument();
  });

  it("quick actions: Settings and Generate Report open their screens, Add New Service its form, Add Staff Member the Staff screen", async () => {
    officeApi([]);
    renderDashboard();
    expect(await screen.findByRole("link", { name: "Settings" })).toHaveAttribute("href", "/dashboard/settings");
    expect(screen.getByRole("link", { name: "Generate Report" })).toHaveAttribute("href", "/dashboard/reports");
    await userEvent.click(screen.getByRole("button", { name: "Add New Service" }));
    expect(await screen.findByRole("dialog", { name: "Add New Service" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close dialog" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Staff Member" }));
    expect(await screen.findByRole("heading", { name: "Staff screen" })).toBeInTheDocument();
  });

  it("offline, shows the device's figures and latest bookings, marked with their sync time", async () => {
    const soon = makeBooking({ _id: "s1", firstName: "Sue", lastName: "Near", cleaningDate: todayPlus(2) });
    (await openOnline([soon])).view.unmount();
    reopenOffline();
    expect(await screen.findByText(/Offline: showing the bookings as last synced on/)).toBeInTheDocument();
    expect(screen.getByText("Sue Near")).toBeInTheDocument();
    expect(stat("Total Bookings")).toBe("1");
  });
});
