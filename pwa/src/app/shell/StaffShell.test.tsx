import "fake-indexeddb/auto";
import type { SessionUser } from "@contracts/staff/staff.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetPersistenceForTests } from "../../lib/deviceStorage/persistence.ts";
import { enqueueStatusChange } from "../../lib/offline-queue/adminStatusQueue.ts";
import { getToken, saveSession } from "../../lib/session.ts";
import { freshQueue, setOffline } from "../../test/offlineQueue.ts";
import { makeFakeSocket, mockFetch } from "../../test/staffApi.ts";
import { adminUser, fakeToken } from "../../test/staffFixtures.ts";
import { App } from "../App.tsx";

const socket = vi.hoisted(() => ({ current: null as ReturnType<typeof makeFakeSocket> | null }));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const admin: SessionUser = { ...adminUser, name: "Dana Office", role: "admin" };
const technician: SessionUser = { ...adminUser, _id: "t1", name: "Tia Tech", role: "technician" };

function open(path: string, user: SessionUser | null) {
  if (user) saveSession(fakeToken(), user);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

const sections = () => within(screen.getByRole("navigation", { name: "Sections" })).getAllByRole("link");

/** The public site's chrome: none of it belongs in the staff app. */
function expectNoPublicChrome() {
  expect(screen.queryByText("Emergency Service:")).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Book Now" })).not.toBeInTheDocument();
  expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
}

beforeEach(async () => {
  await freshQueue();
  socket.current = makeFakeSocket();
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  mockFetch({ "GET /api/bookings": { body: [] }, "GET /api/services": { body: [] } });
});
afterEach(() => vi.unstubAllGlobals());

describe("the staff shell", () => {
  it("gives the office every area in one navigation, marks the one shown, and no public chrome", async () => {
    open("/dashboard/settings", admin);
    expect(await screen.findByRole("heading", { name: "Settings", level: 1 })).toBeInTheDocument();
    expect(sections().map((link) => link.textContent)).toEqual([
      "Overview",
      "Bookings",
      "Schedule",
      "Customers",
      "Messages",
      "Services",
      "Staff",
      "Settings",
      "Reports",
      "Price Book",
    ]);
    expect(sections().map((link) => link.getAttribute("href"))).toEqual([
      "/dashboard",
      "/dashboard/bookings",
      "/dashboard/schedule",
      "/dashboard/customers",
      "/dashboard/messages",
      "/dashboard/services",
      "/dashboard/staff",
      "/dashboard/settings",
      "/dashboard/reports",
      "/dashboard/price-book",
    ]);
    expect(screen.getByRole("link", { name: "Settings", current: "page" })).toHaveAttribute(
      "href",
      "/dashboard/settings",
    );
    expect(sections().filter((link) => link.hasAttribute("aria-current"))).toHaveLength(1);
    // The business's short name (the profile's) leads home.
    expect(screen.getByRole("link", { name: "ClearFlow" })).toHaveAttribute("href", "/dashboard");
    expectNoPublicChrome();
  });

  it("counts the edit screen as part of Bookings", async () => {
    open("/admin/bookings/edit/b1", admin);
    expect(await screen.findByRole("heading", { name: "Edit Booking" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bookings", current: "page" })).toBeInTheDocument();
  });

  it("shows the unread messages beside Messages, from the first page's total of the unread ones", async () => {
    const fetchMock = mockFetch({
      "GET /api/contact": { body: { data: [], nextCursor: null, total: 3 } },
      "GET /api/services": { body: [] },
    });
    open("/dashboard/settings", admin);
    const messages = await screen.findByRole("link", { name: "Messages 3 unread" });
    expect(messages).toHaveAttribute("href", "/dashboard/messages");
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes("/api/contact"));
    expect(asked[0]).toContain("read=false");
    expect(asked[0]).toContain("limit=1");
  });

  it("says the unread count is at least what the server counted when it counted only so far", async () => {
    mockFetch({
      "GET /api/contact": { body: { data: [], nextCursor: null, total: 1000, totalIsAtLeast: true } },
      "GET /api/services": { body: [] },
    });
    open("/dashboard/settings", admin);
    expect(await screen.findByRole("link", { name: "Messages 1000+ unread" })).toBeInTheDocument();
  });

  it("counts the customers' unseen texts with the contact messages, again when a customer texts", async () => {
    let texts = 2;
    mockFetch({
      "GET /api/contact": { body: { data: [], nextCursor: null, total: 3 } },
      "GET /api/conversations/unread": async () => Response.json({ total: texts, atLeast: false }),
      "GET /api/services": { body: [] },
    });
    open("/dashboard/settings", admin);
    expect(await screen.findByRole("link", { name: "Messages 5 unread" })).toBeInTheDocument();
    texts = 3;
    socket.current!.emit("textMessage", { message: { direction: "inbound", customerId: "c1" } });
    expect(await screen.findByRole("link", { name: "Messages 6 unread" }, { timeout: 3_000 })).toBeInTheDocument();
  });

  it("gives a technician My Jobs only, and no public chrome", async () => {
    open("/jobs", technician);
    expect(await screen.findByRole("heading", { name: "My Jobs", level: 1 })).toBeInTheDocument();
    expect(sections().map((link) => link.textContent)).toEqual(["My Jobs"]);
    expect(screen.getByRole("link", { name: "My Jobs", current: "page" })).toHaveAttribute("href", "/jobs");
    expectNoPublicChrome();
  });

  it("says all is sent, how many wait and since when, lists them, and sends them with Send now", async () => {
    const first = open("/dashboard/settings", admin);
    expect(await screen.findByRole("button", { name: "All sent" })).toBeInTheDocument();
    first.unmount();

    setOffline(true);
    await enqueueStatusChange("b1", "confirmed", 1);
    await enqueueStatusChange("b2", "completed", 4);
    open("/dashboard/settings", admin);
    const state = await screen.findByRole("button", { name: /^2 waiting to be sent · oldest just now$/ });
    expect(screen.queryByText("All sent")).not.toBeInTheDocument();

    await userEvent.click(state);
    const panel = await screen.findByRole("region", { name: "Waiting to be sent" });
    expect(within(panel).getByRole("heading", { name: "Waiting to be sent (2)" })).toBeInTheDocument();
    const rows = within(panel).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("strong")?.textContent)).toEqual([
      "Status to Confirmed",
      "Status to Completed",
    ]);
    expect(rows[0]).toHaveTextContent(/\d+ B · made \d{1,2}:\d\d [AP]M \(just now\)/);
    expect(within(panel).getByText(/No connection/)).toBeInTheDocument();

    setOffline(false);
    window.dispatchEvent(new Event("online"));
    mockFetch({
      "PUT /api/bookings/b1/status": { body: { data: { _id: "b1" } } },
      "PUT /api/bookings/b2/status": { body: { data: { _id: "b2" } } },
    });
    await userEvent.click(within(panel).getByRole("button", { name: "Send now" }));
    expect(await within(panel).findByText("2 sent.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "All sent" })).toBeInTheDocument();
  });

  it("never says all is sent after the browser cleared the storage, and says what may be lost until read", async () => {
    saveSession(fakeToken(), admin);
    localStorage.setItem("clearflow-storage-marker", JSON.stringify({ id: "gone", at: "2030-05-06T13:00:00.000Z" }));
    open("/dashboard/settings", admin);
    const notice = (await screen.findByText(/The browser cleared this app's storage on this device\./)).closest(
      "[role=alert]",
    ) as HTMLElement;
    expect(notice).toHaveTextContent(/Work recorded here before now that had not been sent .* may be lost/);
    expect(screen.getByRole("button", { name: "Storage was cleared" })).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole("button", { name: "I have checked" }));
    expect(await screen.findByRole("button", { name: "All sent" })).toBeInTheDocument();
    expect(screen.queryByText(/The browser cleared/)).not.toBeInTheDocument();
  });

  it("shows who is signed in, in which role, and logs out from the account menu", async () => {
    const user = userEvent.setup();
    open("/dashboard/settings", admin);
    const account = await screen.findByRole("button", { name: /Dana Office/ });
    expect(account).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();

    await user.click(account);
    expect(account).toHaveAttribute("aria-expanded", "true");
    expect(await screen.findByText("Admin")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(account).toHaveAttribute("aria-expanded", "false");
    expect(account).toHaveFocus();

    await user.click(account);
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it("asks for persistent storage at a sign-in's first start, and says in the account menu when it was not granted", async () => {
    resetPersistenceForTests();
    const persist = vi.fn(async () => false);
    vi.stubGlobal("navigator", { ...navigator, storage: { persist, persisted: async () => false } });
    open("/dashboard/settings", admin);
    await userEvent.click(await screen.findByRole("button", { name: /Dana Office/ }));
    expect(await screen.findByText("Storage: may be cleared by the browser")).toBeInTheDocument();
    expect(screen.getByText(/Install the app \(Add to Home Screen\) so the device keeps it\./)).toBeInTheDocument();
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
  });

  it("sends a signed-out visitor of a staff address to the login, without the shell", async () => {
    open("/dashboard/reports", null);
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
  });
});

describe("the installed app's start (/app)", () => {
  it("opens a technician's jobs, an admin's dashboard, and the home page for anyone else", async () => {
    const tech = open("/app", technician);
    expect(await screen.findByRole("heading", { name: "My Jobs", level: 1 })).toBeInTheDocument();
    tech.unmount();
    localStorage.clear();
    open("/app", null);
    // The public home, in the public site's chrome.
    expect(await screen.findByText("Emergency Service:")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
  });
});
