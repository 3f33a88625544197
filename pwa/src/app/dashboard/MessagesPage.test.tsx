import "fake-indexeddb/auto";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { MailRecord } from "@contracts/outbox/mail.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactApi, officeApi, renderDashboard, signedInOnFreshDevice, where } from "../../test/dashboard.tsx";
import { json } from "../../test/staffApi.ts";
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

/** The Messages screen over `messages` (a live list: change it and the next read sees it). */
function openMessages(
  messages: ContactMessage[],
  extra: Parameters<typeof officeApi>[1] = {},
  path = "/dashboard/messages",
) {
  const fetchMock = officeApi([], { "GET /api/contact": contactApi(() => messages), ...extra });
  return { fetchMock, view: renderDashboard(path) };
}

const rows = () => within(screen.getByRole("list", { name: "Contact messages" })).getAllByRole("listitem");

beforeEach(() => signedInOnFreshDevice(socket));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Messages screen", () => {
  it("lists messages newest first with name, e-mail, service, date and excerpt, paged", async () => {
    const { fetchMock } = openMessages([ann, ben]);
    await screen.findByRole("heading", { name: "Messages", level: 1 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent("Ann Lee (unread)");
    expect(rows()[0]).toHaveTextContent("ann@example.com · Air Duct Cleaning");
    expect(rows()[0]).toHaveTextContent("Ours was built in 1952.");
    expect(rows()[0]!.querySelector("time")).toHaveAttribute("dateTime", ann.createdAt);
    expect(rows()[1]).toHaveTextContent("Ben Cho");
    expect(rows()[1]).not.toHaveTextContent("unread");
    expect(screen.getByText("Showing 2 of 2 messages")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/contact");
  });

  it("opening a message shows it, marks it read on the server and offers a reply by e-mail", async () => {
    const messages = [ann, ben];
    const { fetchMock } = openMessages(messages, {
      "PUT /api/contact/m1/read": async () => {
        messages[0] = { ...ann, read: true };
        return json({ data: messages[0] });
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]!).getByRole("button"));
    const dialog = screen.getByRole("dialog", { name: "Message from Ann Lee" });
    expect(within(dialog).getByText(ann.message)).toBeInTheDocument();
    const reply = within(dialog).getByRole("link", { name: "Reply by e-mail" });
    expect(reply.getAttribute("href")).toMatch(/^mailto:ann@example\.com\?subject=Re%3A%20/);
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/contact/m1/read")!;
    expect(call[1]!.method).toBe("PUT");
    expect(JSON.parse(String(call[1]!.body))).toEqual({ read: true });
    await waitFor(() => expect(rows()[0]).not.toHaveTextContent("unread"));
  });

  it("marks an opened message unread again", async () => {
    const { fetchMock } = openMessages([ben], {
      "PUT /api/contact/m2/read": { body: { data: { ...ben, read: false } } },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole("button"));
    await userEvent.click(screen.getByRole("button", { name: "Mark as unread" }));
    expect(await screen.findByRole("button", { name: "Mark as read" })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/contact/m2/read")!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ read: false });
    expect(rows()[0]).toHaveTextContent("unread");
  });

  it("puts the read state back when the server refuses the change", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    openMessages([ann], { "PUT /api/contact/m1/read": { status: 404, body: { message: "Message not found" } } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole("button"));
    await waitFor(() => expect(rows()[0]).toHaveTextContent("Ann Lee (unread)"));
  });

  it("keeps the read filter and the search in the URL, and asks the server for them", async () => {
    const { fetchMock, view } = openMessages([ann, ben]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.selectOptions(screen.getByLabelText("Show"), "false");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(where(view)).toBe("/dashboard/messages?read=false");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search messages" }), "1952");
    await waitFor(() => expect(where(view)).toBe("/dashboard/messages?read=false&q=1952"));
    // The read follows the address a render later.
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/contact?q=1952&read=false"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Browser back" }));
    await waitFor(() => expect(where(view)).toBe("/dashboard/messages"));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it("a message that arrives live waits behind 'N new — show', once", async () => {
    const messages = [ben];
    openMessages(messages);
    await waitFor(() => expect(rows()).toHaveLength(1));
    messages.unshift(ann);
    act(() => socket.current!.emit("contactMessage", ann));
    const line = await screen.findByRole("button", { name: "1 new — show" });
    expect(rows()).toHaveLength(1);
    await userEvent.click(line);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent("Ann Lee");
  });

  it("says when there are no messages", async () => {
    openMessages([]);
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
    officeApi([makeBooking()], {
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
    renderDashboard("/dashboard/bookings");
    await userEvent.click(await screen.findByRole("button", { name: "View booking of Jane Doe" }));
    const section = within(await screen.findByRole("dialog", { name: "Booking Details" }));
    const items = await section.findAllByRole("listitem");
    expect(section.getByRole("heading", { name: "E-mails" })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Booking received (to customer) to jane@example.com");
    expect(items[0]).toHaveTextContent(/Sent/);
    expect(items[1]).toHaveTextContent("New booking (to business) to hello@clearflowclean.com");
    expect(items[1]).toHaveTextContent("Waiting to retry (2 attempts so far, last error: connection refused)");
    expect(items[2]).toHaveTextContent("Failed after 8 attempts: mailbox unavailable");
  });
});
