import "fake-indexeddb/auto";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { MailRecord } from "@contracts/outbox/mail.ts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DashboardPage from "./DashboardPage.tsx";
import { signedInOnFreshDevice } from "../../test/dashboard.tsx";
import { json, mockFetch } from "../../test/staffApi.ts";
import { makeBooking } from "../../test/staffFixtures.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

function makeMessage(extra: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: "m1",
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "704-555-0199",
    service: "Air Duct Cleaning",
    message: "Do you clean ducts in older homes? Ours was built in 1952.",
    read: false,
    createdAt: "2030-06-03T10:00:00.000Z",
    ...extra,
  };
}

const ann = makeMessage();
const ben = makeMessage({
  _id: "m2",
  name: "Ben Cho",
  email: "ben@example.com",
  message: "Thanks for last week!",
  read: true,
  createdAt: "2030-06-01T10:00:00.000Z",
});

function renderMessagesTab() {
  return render(
    <MemoryRouter initialEntries={["/dashboard?tab=messages"]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const messagesTab = () => screen.getByRole("tab", { name: /Messages/ });
const rows = () => within(screen.getByRole("list", { name: "Contact messages" })).getAllByRole("listitem");

beforeEach(() => signedInOnFreshDevice(socket));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Messages tab", () => {
  it("lists messages newest first with name, e-mail, service, date and excerpt, and counts the unread", async () => {
    mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [ann, ben] },
    });
    renderMessagesTab();
    await screen.findByRole("heading", { name: "Messages", level: 2 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent("Ann Lee (unread)");
    expect(rows()[0]).toHaveTextContent("ann@example.com · Air Duct Cleaning");
    expect(rows()[0]).toHaveTextContent("Ours was built in 1952.");
    expect(rows()[0]!.querySelector("time")).toHaveAttribute("dateTime", ann.createdAt);
    expect(rows()[1]).toHaveTextContent("Ben Cho");
    expect(rows()[1]).not.toHaveTextContent("unread");
    expect(messagesTab()).toHaveAccessibleName("Messages 1 unread");
  });

  it("opening a message shows it, marks it read on the server and offers a reply by e-mail", async () => {
    const fetchMock = mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [ann, ben] },
      "PUT /api/contact/m1/read": { body: { data: { ...ann, read: true } } },
    });
    renderMessagesTab();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]!).getByRole("button"));
    const dialog = screen.getByRole("dialog", { name: "Message from Ann Lee" });
    expect(within(dialog).getByText(ann.message)).toBeInTheDocument();
    const reply = within(dialog).getByRole("link", { name: "Reply by e-mail" });
    expect(reply.getAttribute("href")).toMatch(/^mailto:ann@example\.com\?subject=Re%3A%20/);
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/contact/m1/read")!;
    expect(call[1]!.method).toBe("PUT");
    expect(JSON.parse(String(call[1]!.body))).toEqual({ read: true });
    await waitFor(() => expect(messagesTab()).toHaveAccessibleName("Messages"));
    expect(rows()[0]).not.toHaveTextContent("unread");
  });

  it("marks an opened message unread again", async () => {
    const fetchMock = mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [ben] },
      "PUT /api/contact/m2/read": { body: { data: { ...ben, read: false } } },
    });
    renderMessagesTab();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole("button"));
    await userEvent.click(screen.getByRole("button", { name: "Mark as unread" }));
    expect(await screen.findByRole("button", { name: "Mark as read" })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/contact/m2/read")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ read: false });
    expect(messagesTab()).toHaveAccessibleName("Messages 1 unread");
  });

  it("puts the read state back when the server refuses the change", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [ann] },
      "PUT /api/contact/m1/read": { status: 404, body: { message: "Message not found" } },
    });
    renderMessagesTab();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole("button"));
    await waitFor(() => expect(messagesTab()).toHaveAccessibleName("Messages 1 unread"));
  });

  it("adds a message that arrives live at the top, once, and counts it unread", async () => {
    mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [ben] },
    });
    renderMessagesTab();
    await waitFor(() => expect(rows()).toHaveLength(1));
    act(() => socket.current!.emit("contactMessage", ann));
    act(() => socket.current!.emit("contactMessage", ann));
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent("Ann Lee");
    expect(messagesTab()).toHaveAccessibleName("Messages 1 unread");
  });

  it("says when there are no messages", async () => {
    mockFetch({
      "GET /api/bookings": { body: [] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [] },
    });
    renderMessagesTab();
    expect(await screen.findByText("No messages yet.")).toBeInTheDocument();
  });
});

describe("Booking details e-mails", () => {
  const mail = (extra: Partial<MailRecord>): MailRecord => ({
    _id: "e1",
    kind: "booking-received",
    to: "jane@example.com",
    subject: "We received your booking",
    status: "sent",
    attempts: 1,
    lastError: null,
    createdAt: "2030-06-01T10:00:00.000Z",
    sentAt: "2030-06-01T10:00:05.000Z",
    nextAttemptAt: null,
    ...extra,
  });

  it("lists each e-mail's kind, recipient and delivery state", async () => {
    mockFetch({
      "GET /api/bookings": { body: [makeBooking()] },
      "GET /api/services": { body: [] },
      "GET /api/contact": { body: [] },
      "GET /api/bookings/b1/history": { body: [] },
      "GET /api/bookings/b1/mail": () =>
        Promise.resolve(
          json([
            mail({}),
            mail({
              _id: "e2",
              kind: "business-new-booking",
              to: "hello@clearflowclean.com",
              status: "pending",
              attempts: 2,
              lastError: "connection refused",
              sentAt: null,
              nextAttemptAt: "2030-06-01T10:05:00.000Z",
            }),
            mail({
              _id: "e3",
              kind: "booking-confirmed",
              status: "failed",
              attempts: 8,
              lastError: "mailbox unavailable",
            }),
          ]),
        ),
    });
    render(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "View booking of Jane Doe" }));
    const section = within(screen.getByRole("dialog", { name: "Booking Details" }));
    const items = await section.findAllByRole("listitem");
    expect(section.getByRole("heading", { name: "E-mails" })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Booking received (to customer) to jane@example.com");
    expect(items[0]).toHaveTextContent(/Sent/);
    expect(items[1]).toHaveTextContent("New booking (to business) to hello@clearflowclean.com");
    expect(items[1]).toHaveTextContent("Waiting to retry (2 attempts so far, last error: connection refused)");
    expect(items[2]).toHaveTextContent("Failed after 8 attempts: mailbox unavailable");
  });
});
