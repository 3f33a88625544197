import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { CANCELLATION_POLICY } from "../../contracts/bookings/manage.ts";
import { DEFAULT_PROFILE } from "../../contracts/settings/profile.ts";
import {
  bookingCancelled,
  bookingReceived,
  bookingRescheduled,
  businessContactMessage,
  businessNewBooking,
  escapeHtml,
  type MailOrder,
  NEXT_STEPS,
  orderHeading,
  renderOrder,
  visitReminder,
} from "./templates.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { parseCalendar } from "../testing.ts";

const HOSTILE = `<script>alert("x")</script>&'`;

const booking = (overrides: Partial<Booking> = {}): Booking => ({
  ...(bookingBody({ comment: "" }) as Omit<Booking, "_id" | "status" | "version" | "createdAt" | "updatedAt">),
  _id: "6f1c2a9e-0000-4000-8000-000000000001",
  email: "dana@example.com",
  originalPrice: 398,
  discountAmount: 39.8,
  estimatedPrice: 358.2,
  status: "pending",
  version: 1,
  createdAt: "2026-03-02T15:00:00.000Z",
  updatedAt: "2026-03-02T15:00:00.000Z",
  ...overrides,
});

const ctx = { profile: DEFAULT_PROFILE, now: new Date("2026-03-02T15:00:00Z") };
const MANAGE = "https://book.example/booking/manage/abc";

Deno.test("HTML parts escape every field a customer typed", () => {
  const b = booking({ firstName: HOSTILE, lastName: HOSTILE, homeAddress: HOSTILE, comment: HOSTILE });
  for (const mail of [bookingReceived(b, MANAGE, ctx), businessNewBooking(b, ctx), bookingCancelled(b, MANAGE, ctx)]) {
    assert.ok(!mail.html.includes("<script>"), mail.kind);
    assert.ok(mail.html.includes(escapeHtml(HOSTILE)), mail.kind);
    // The text part says it as typed.
    assert.ok(mail.text.includes(HOSTILE), mail.kind);
  }
  const contact = businessContactMessage(
    {
      _id: "c1",
      name: HOSTILE,
      email: "x@example.com",
      phone: "1",
      service: HOSTILE,
      message: `${HOSTILE}\nsecond line`,
      read: false,
      createdAt: "2026-03-02T15:00:00.000Z",
    },
    ctx,
  );
  assert.ok(!contact.html.includes("<script>"));
  assert.ok(contact.html.includes(`${escapeHtml(HOSTILE)}<br>second line`));
});

Deno.test("subjects stay on one line whatever the name holds", () => {
  const mail = businessNewBooking(booking({ firstName: "Dana\r\nBcc: evil@example.com" }), ctx);
  assert.ok(!/[\r\n]/.test(mail.subject));
});

Deno.test("the confirmation holds the service, business-time date, units, prices, next steps and the policy", () => {
  const mail = bookingReceived(booking(), MANAGE, ctx);
  for (const part of [mail.text, mail.html]) {
    assert.ok(part.includes("Air Duct Cleaning"));
    assert.ok(part.includes("Tuesday, March 3, 2026 at 9:00 AM Eastern Time"));
    assert.ok(part.includes("$398.00") && part.includes("$39.80") && part.includes("$358.20"));
    assert.ok(part.includes("1200 East Blvd, Charlotte, NC 28203"));
    assert.ok(part.includes(NEXT_STEPS));
    assert.ok(part.includes(DEFAULT_PROFILE.phone));
    assert.ok(part.includes(MANAGE));
  }
  assert.ok(mail.text.includes(CANCELLATION_POLICY));
  assert.ok(mail.html.includes(escapeHtml(CANCELLATION_POLICY)));
  assert.equal(mail.to.address, "dana@example.com");
});

Deno.test(
  "a booking's e-mails end with the way to the customer's own page, on the manage link's site, a cancellation's too",
  () => {
    for (const mail of [bookingReceived(booking(), MANAGE, ctx), visitReminder(booking(), MANAGE, ctx)]) {
      assert.ok(
        mail.text.includes("Your account: every visit, report, estimate and invoice: https://book.example/portal"),
      );
      assert.ok(mail.html.includes(`<a href="https://book.example/portal"`));
      assert.ok(mail.text.indexOf("/portal") > mail.text.indexOf(MANAGE), "below the booking's own link");
    }
    // A cancelled booking's e-mail has no manage link; the customer's page still holds their other visits and bills.
    const cancelled = bookingCancelled(booking(), "https://book.example", ctx);
    assert.ok(!cancelled.text.includes("/manage/"), "no manage link once cancelled");
    assert.ok(
      cancelled.text.includes("Your account: every visit, report, estimate and invoice: https://book.example/portal"),
    );
  },
);

Deno.test("a reschedule names both times and raises the calendar SEQUENCE", () => {
  const moved = booking({ cleaningDate: "2026-03-05", cleaningTime: "2:00 PM", version: 3 });
  const mail = bookingRescheduled(moved, booking(), MANAGE, ctx);
  assert.ok(mail.text.includes("Tuesday, March 3, 2026 at 9:00 AM"));
  assert.ok(mail.text.includes("Thursday, March 5, 2026 at 2:00 PM"));
  const { vevent, event } = parseCalendar(mail.ics!.content);
  assert.equal(vevent.getFirstPropertyValue("sequence"), 2);
  assert.equal(event.startDate.hour, 14);
});

Deno.test("a named e-mail renders as its template, and its row shows the address and subject it will have", () => {
  const b = booking({ firstName: "Dana", lastName: "Reyes" });
  const withTitle = { ...ctx, serviceTitle: "Duct Cleaning Plus" };
  const cases: [MailOrder["template"], ReturnType<typeof bookingReceived>][] = [
    ["booking-received", bookingReceived(b, MANAGE, withTitle)],
    ["business-new-booking", businessNewBooking(b, withTitle)],
    ["visit-reminder", visitReminder(b, MANAGE, withTitle)],
  ];
  for (const [template, direct] of cases) {
    const order: MailOrder = { template, booking: b, manageUrl: MANAGE, serviceTitle: "Duct Cleaning Plus" };
    assert.deepEqual(renderOrder(order, ctx), direct, template);
    assert.deepEqual(orderHeading(order, withTitle), { to: direct.to.address, subject: direct.subject }, template);
    assert.match(direct.subject, /Duct Cleaning Plus/);
  }
});
