import "fake-indexeddb/auto";
import type { ConversationRow, TextMessage } from "@contracts/texts/texts.ts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signedInOnFreshDevice } from "../../test/dashboard.tsx";
import { Where } from "../../test/render.tsx";
import { mockFetch } from "../../test/staffApi.ts";
import TextsPage from "./TextsPage.tsx";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const row = (extra: Partial<ConversationRow>): ConversationRow => ({
  customerId: "c1",
  customerName: "Ruth Okafor",
  phone: "+17045550131",
  lastBody: "ClearFlow: your visit is booked.",
  lastDirection: "outbound",
  lastAt: "2030-06-03T14:00:00.000Z",
  unread: 0,
  consent: "granted",
  ...extra,
});

const ruth = row({});
const sam = row({
  customerId: "c2",
  customerName: "Sam Park",
  phone: "+17045550177",
  lastBody: "Thanks!",
  lastDirection: "inbound",
  unread: 1,
  lastAt: "2030-06-03T15:00:00.000Z",
});

const inbound = (customerId: string, body: string): TextMessage => ({
  _id: `in-${customerId}-${body}`,
  customerId,
  bookingId: null,
  direction: "inbound",
  kind: null,
  phone: "+17045550131",
  body,
  status: "received",
  segments: 1,
  errorCode: null,
  errorText: null,
  staffName: null,
  createdAt: "2030-06-03T16:00:00.000Z",
  updatedAt: "2030-06-03T16:00:00.000Z",
});

function openTexts(rows: ConversationRow[]) {
  const fetchMock = mockFetch({
    "GET /api/conversations": { body: { data: rows, nextCursor: null, total: rows.length } },
  });
  render(
    <MemoryRouter initialEntries={["/dashboard/messages/texts"]}>
      <Routes>
        <Route path="/dashboard/messages/texts" element={<TextsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

beforeEach(() => signedInOnFreshDevice(socket));
afterEach(() => vi.restoreAllMocks());

describe("the Texts view of Messages", () => {
  it("lists a conversation per customer, newest first, with unread counts, beside the contact messages", async () => {
    openTexts([sam, ruth]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent("Sam Park");
    expect(rows()[0]).toHaveTextContent("1 unread");
    expect(rows()[1]).toHaveTextContent("You: ClearFlow: your visit is booked.");
    expect(screen.getByRole("link", { name: "Texts" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Contact messages" })).not.toHaveAttribute("aria-current");
  });

  it("moves a customer's row to the top when they text, counts it unread, and says a new customer's '1 new — show'", async () => {
    openTexts([sam, ruth]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(socket.current!.on).toHaveBeenCalledWith("textMessage", expect.any(Function)));
    act(() => socket.current!.emit("textMessage", { message: inbound("c1", "C") }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent("Ruth Okafor"));
    expect(within(rows()[0]!).getByText("C")).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent("1 unread");
    act(() => socket.current!.emit("textMessage", { message: inbound("c9", "Hello?") }));
    expect(await screen.findByRole("button", { name: "1 new — show" })).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it("lists a number on no customer's record apart, with its unread texts, shows them on request, and reads it again live", async () => {
    const stranger = { ...inbound("", "Do you clean dryer vents?"), phone: "+19805550177" };
    let numbers = [
      {
        phone: stranger.phone,
        lastBody: stranger.body,
        lastDirection: "inbound",
        lastAt: stranger.createdAt,
        received: 1,
        unread: 1,
      },
    ];
    const fetchMock = mockFetch({
      "GET /api/conversations": { body: { data: [ruth], nextCursor: null, total: 1 } },
      "GET /api/conversations/unlinked": async () => Response.json({ data: numbers }),
      "GET /api/conversations/unlinked/%2B19805550177": { body: { data: [stranger] } },
      "POST /api/conversations/unlinked/%2B19805550177/read": async () => {
        numbers = [{ ...numbers[0]!, unread: 0 }];
        return new Response(null, { status: 204 });
      },
    });
    const markedRead = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => url === "/api/conversations/unlinked/%2B19805550177/read" && init?.method === "POST",
      ).length;
    render(
      <MemoryRouter initialEntries={["/dashboard/messages/texts"]}>
        <TextsPage />
      </MemoryRouter>,
    );
    const panel = await screen.findByRole("region", { name: "Texts from numbers on no customer's record" });
    expect(panel).toHaveTextContent("(980) 555-0177");
    expect(panel).toHaveTextContent("Do you clean dryer vents?");
    expect(panel).toHaveTextContent("1 unread");
    expect(markedRead()).toBe(0);
    await userEvent.click(within(panel).getByRole("button", { name: "Show texts from (980) 555-0177" }));
    const thread = await within(panel).findByRole("list", { name: "Texts from (980) 555-0177" });
    expect(thread).toHaveTextContent("Do you clean dryer vents?");
    // Seen once opened: the count beside the number (and the navigation's) goes.
    await waitFor(() => expect(panel).not.toHaveTextContent("1 unread"));
    expect(markedRead()).toBe(1);

    numbers = [{ ...numbers[0]!, lastBody: "Hello?", received: 2 }];
    await waitFor(() => expect(socket.current!.on).toHaveBeenCalledWith("textMessage", expect.any(Function)));
    act(() => socket.current!.emit("textMessage", { message: { ...stranger, _id: "in-2", body: "Hello?" } }));
    await waitFor(() => expect(panel).toHaveTextContent("Hello?"));
    // Arrived while its texts are open in view: seen as it arrives.
    await waitFor(() => expect(markedRead()).toBe(2));
    expect(screen.queryByRole("button", { name: /new — show/ })).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });

  it("opens a conversation at its own address", async () => {
    openTexts([ruth]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Open the texts with Ruth Okafor" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/dashboard/messages/texts/c1");
  });
});
