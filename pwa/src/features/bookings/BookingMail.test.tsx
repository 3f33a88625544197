import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MailRecord } from "@contracts/outbox/mail.ts";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { BookingMail } from "./BookingMail.tsx";

const BOOKING = "0b6f2c1e-1d2a-4c4b-9a77-3c1f5e0d9a11";
const failed: MailRecord = {
  _id: "7d1c9a52-5a3e-4b8e-9b0e-2f1c3d4e5f60",
  kind: "booking-received",
  to: "o'brien@example.com",
  subject: "Booking received: Air Duct Cleaning",
  status: "failed",
  attempts: 80,
  lastError: "550 mailbox unavailable",
  createdAt: "2026-03-02T15:00:00.000Z",
  sentAt: null,
  nextAttemptAt: null,
};
const sent: MailRecord = {
  ...failed,
  _id: "1c2d3e4f-0000-4000-8000-000000000001",
  kind: "business-new-booking",
  status: "sent",
  attempts: 1,
  lastError: null,
  sentAt: "2026-03-02T15:00:05.000Z",
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("BookingMail", () => {
  it("shows a visit reminder written ahead of its moment as scheduled for then", async () => {
    saveSession("token-1", { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" });
    const reminder: MailRecord = {
      ...failed,
      kind: "visit-reminder",
      subject: "Reminder: Air Duct Cleaning",
      status: "pending",
      attempts: 0,
      lastError: null,
      nextAttemptAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    mockFetch({ [`/api/bookings/${BOOKING}/mail`]: () => json([reminder]) });
    render(<BookingMail bookingId={BOOKING} />);
    expect(await screen.findByText("Visit reminder")).toBeInTheDocument();
    expect(screen.getByText(/^Scheduled for/)).toBeInTheDocument();
  });

  it("offers Resend on a failed e-mail only, and shows it waiting once the server queued it again", async () => {
    saveSession("token", { _id: "a1", email: "admin@example.com", name: "Admin", role: "admin" });
    const fetch = mockFetch({
      [`/api/bookings/${BOOKING}/mail`]: () => json([failed, sent]),
      [`POST /api/mail/${failed._id}/resend`]: () =>
        json({
          data: {
            ...failed,
            status: "pending",
            attempts: 0,
            lastError: null,
            nextAttemptAt: "2026-03-02T16:00:00.000Z",
          },
        }),
    });
    render(<BookingMail bookingId={BOOKING} />);
    expect(await screen.findByText(/Failed after 80 attempts: 550 mailbox unavailable/)).toBeInTheDocument();
    const buttons = screen.getAllByRole("button", { name: /^Resend/ });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(await screen.findByText("Waiting to be sent")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Resend/ })).not.toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith("/resend"))!;
    expect(new Headers(call[1]?.headers).get("Authorization")).toBe("Bearer token");
  });

  it("says so when the server refuses to send it again", async () => {
    saveSession("token", { _id: "a1", email: "admin@example.com", name: "Admin", role: "admin" });
    mockFetch({
      [`/api/bookings/${BOOKING}/mail`]: () => json([failed]),
      [`POST /api/mail/${failed._id}/resend`]: () =>
        json({ message: "This e-mail is older than the retention period and can no longer be sent again." }, 409),
    });
    render(<BookingMail bookingId={BOOKING} />);
    await userEvent.click(await screen.findByRole("button", { name: /^Resend/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent("older than the retention period");
    expect(screen.getByText(/Failed after 80 attempts/)).toBeInTheDocument();
  });
});
