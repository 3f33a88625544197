import "fake-indexeddb/auto";
import type { SmsConsent, TextMessage } from "@contracts/texts/texts.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signedInOnFreshDevice } from "../../test/dashboard.tsx";
import { json, mockFetch } from "../../test/staffApi.ts";
import { CustomerTexts } from "./CustomerTexts.tsx";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const text = (extra: Partial<TextMessage>): TextMessage => ({
  _id: "t1",
  customerId: "c1",
  bookingId: "b1",
  direction: "outbound",
  kind: "booking-confirmation",
  phone: "+17045550131",
  body: "ClearFlow: your Air Duct Cleaning is booked for Jun 10 at 10:00 AM.",
  status: "delivered",
  segments: 1,
  errorCode: null,
  errorText: null,
  staffName: null,
  createdAt: "2030-06-03T14:00:00.000Z",
  updatedAt: "2030-06-03T14:00:05.000Z",
  ...extra,
});

const confirmation = text({});
const reply = text({
  _id: "t2",
  direction: "inbound",
  kind: null,
  body: "Can you come after 2?",
  status: "received",
  createdAt: "2030-06-03T15:00:00.000Z",
});

const granted: SmsConsent = {
  phone: "+17045550131",
  consent: "granted",
  at: "2030-06-03T13:59:00.000Z",
  source: "booking-form",
  disclosure: "…",
};

/** The customer's texts over `texts` (newest first, as the server pages them) and their consent. */
function openTexts(texts: TextMessage[], consent: SmsConsent = granted, extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/customers/c1/sms-consent": { body: consent },
    "GET /api/customers/c1/messages": { body: { data: texts, nextCursor: null, total: texts.length } },
    "POST /api/customers/c1/messages/read": { body: { ok: true } },
    "GET /api/profile": { body: DEFAULT_PROFILE },
    ...extra,
  });
  render(<CustomerTexts customerId="c1" />);
  return fetchMock;
}

const bubbles = () => within(screen.getByRole("list", { name: "Texts" })).getAllByRole("listitem");

beforeEach(() => signedInOnFreshDevice(socket));
afterEach(() => vi.restoreAllMocks());

describe("a customer's texts in the office", () => {
  it("shows the consent, the conversation oldest first with each text's state, and marks it read", async () => {
    const fetchMock = openTexts([reply, confirmation]);
    expect(await screen.findByText(/^Texts allowed since .*, on the booking form\.$/)).toBeInTheDocument();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(bubbles()[0]).toHaveTextContent("Booking confirmation");
    expect(bubbles()[0]).toHaveTextContent("Delivered");
    expect(bubbles()[1]).toHaveTextContent("Can you come after 2?");
    expect(bubbles()[1]).not.toHaveTextContent("Received");
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === "/api/customers/c1/messages/read" && init?.method === "POST"),
    ).toBe(true);
  });

  it("says why a text was not delivered, with Twilio's code and its meaning", async () => {
    openTexts([text({ status: "undelivered", errorCode: 30003, errorText: "Unreachable destination handset" })]);
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(bubbles()[0]).toHaveTextContent("Not delivered: 30003 Unreachable destination handset");
  });

  it("sends the office's reply and shows it at the bottom of the conversation", async () => {
    const sent = text({
      _id: "t3",
      kind: "office-reply",
      body: "Yes, 2:30 works.",
      status: "queued",
      staffName: "Dana",
      createdAt: "2030-06-03T15:05:00.000Z",
    });
    const fetchMock = openTexts([reply, confirmation], granted, {
      "POST /api/customers/c1/messages": { status: 201, body: { data: sent } },
    });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reply"), "Yes, 2:30 works.");
    await user.click(screen.getByRole("button", { name: "Send text" }));
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(bubbles()[2]).toHaveTextContent("Yes, 2:30 works.");
    expect(bubbles()[2]).toHaveTextContent("Dana");
    expect(bubbles()[2]).toHaveTextContent("Queued");
    expect(screen.getByLabelText("Reply")).toHaveValue("");
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/customers/c1/messages" && init?.method === "POST",
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ body: "Yes, 2:30 works." });
  });

  it("counts the reply's segments as the carrier does and refuses more than two, emoji counting as UCS-2", async () => {
    openTexts([confirmation]);
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    const box = screen.getByLabelText("Reply");
    const user = userEvent.setup();
    await user.type(box, "See you at 2");
    expect(box).toHaveAccessibleDescription("12 characters, 1 segment");
    await user.clear(box);
    await user.click(box);
    await user.paste(`${"a".repeat(140)} 🙂`);
    expect(box).toHaveAccessibleDescription(
      "Too long: a text may take at most 2 segments (306 plain characters, 134 with emoji).",
    );
    expect(screen.getByRole("button", { name: "Send text" })).toBeDisabled();
    await user.clear(box);
    await user.paste("b".repeat(200));
    expect(box).toHaveAccessibleDescription("200 characters, 2 segments");
    expect(screen.getByRole("button", { name: "Send text" })).toBeEnabled();
  });

  it("tells a refused reply in the server's words and keeps what was typed", async () => {
    openTexts(
      [confirmation],
      { ...granted, consent: "opted-out", source: "keyword" },
      {
        "POST /api/customers/c1/messages": {
          status: 409,
          body: { message: "This customer opted out of texts (replied STOP): the text was not sent." },
        },
      },
    );
    expect(await screen.findByText("They opted out of texts: a reply will not be sent.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reply"), "Are you there?");
    await user.click(screen.getByRole("button", { name: "Send text" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This customer opted out of texts (replied STOP): the text was not sent.",
    );
    expect(screen.getByLabelText("Reply")).toHaveValue("Are you there?");
  });

  it("shows a text the customer sends while the conversation is open, and a state that changes, live", async () => {
    openTexts([confirmation]);
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    await waitFor(() => expect(socket.current!.on).toHaveBeenCalledWith("textMessage", expect.any(Function)));
    act(() => socket.current!.emit("textMessage", { message: { ...reply, body: "C" } }));
    act(() =>
      socket.current!.emit("textMessage", {
        message: { ...reply, _id: "other", customerId: "c2", body: "Not theirs" },
      }),
    );
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(bubbles()[1]).toHaveTextContent("C");
    expect(screen.queryByText("Not theirs")).not.toBeInTheDocument();
    act(() =>
      socket.current!.emit("textMessage", {
        message: { ...confirmation, status: "failed", errorCode: 30005, errorText: "Unknown destination handset" },
      }),
    );
    await waitFor(() => expect(bubbles()[0]).toHaveTextContent("Failed: 30005 Unknown destination handset"));
  });

  it("turns texts on by phone only after showing the disclosure to read, and keeps it with the consent", async () => {
    const none: SmsConsent = { phone: "+17045550131", consent: "none", at: null, source: null, disclosure: null };
    const fetchMock = openTexts([], none, {
      "PUT /api/customers/c1/sms-consent": async (_url, init) => {
        const change = JSON.parse(String(init!.body)) as { disclosure: string };
        return json({
          ...granted,
          source: "office",
          staffName: "Dana",
          at: "2030-06-04T10:00:00.000Z",
          disclosure: change.disclosure,
        });
      },
    });
    expect(await screen.findByText("No consent to texts.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Turn texts on by phone" }));
    const ask = screen.getByRole("group", { name: "Read this to the customer, and turn texts on only if they agree:" });
    expect(within(ask).getByText(/^ClearFlow Duct & Vent Cleaning will text you about this visit/)).toHaveTextContent(
      "Msg & data rates may apply. Reply STOP to opt out, HELP for help.",
    );
    await user.click(within(ask).getByRole("button", { name: "They agreed: turn texts on" }));
    expect(await screen.findByText(/^Texts allowed since .*, by phone \(Dana\)\.$/)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      consent: "granted",
      disclosure: expect.stringMatching(
        /^ClearFlow Duct & Vent Cleaning will text you about this visit.*HELP for help\.$/,
      ),
    });
    expect(screen.getByRole("button", { name: "Turn texts off" })).toBeInTheDocument();
  });

  it("offers no way to turn texts on for a number that replied STOP", async () => {
    openTexts([], { ...granted, consent: "opted-out", source: "keyword", at: "2030-06-05T10:00:00.000Z" });
    expect(await screen.findByText(/^Opted out of texts on .*, by a text reply\.$/)).toBeInTheDocument();
    expect(screen.getByText("They replied STOP: only their own START reply turns texts on again.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Turn texts on/ })).not.toBeInTheDocument();
  });
});
