import type { Booking } from "../contracts/bookings/booking.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { MailTransport } from "../outbox/mail/transport.ts";
import type { Outbox } from "../outbox/outbox.ts";
import { type OutboxWorker, startOutboxWorker } from "../outbox/worker.ts";
import type { TestContext } from "./context.ts";
import { silentLogger } from "./log.ts";
import type { BookingChange, OutboxOrder, StaffInvite, VisitMail } from "../outbox/orders.ts";

/** Keeps what would be sent in memory, by kind (tests of routes that do not look at e-mails). */
export function recordingOutbox(): Outbox & {
  orders: OutboxOrder[];
  created: { booking: Booking; manageToken: string }[];
  changes: BookingChange[];
  contacts: ContactMessage[];
  invites: StaffInvite[];
  jobs: { bookingId: string; to: string }[];
  visits: VisitMail[];
} {
  const recorded = {
    orders: [] as OutboxOrder[],
    created: [] as { booking: Booking; manageToken: string }[],
    changes: [] as BookingChange[],
    contacts: [] as ContactMessage[],
    invites: [] as StaffInvite[],
    jobs: [] as { bookingId: string; to: string }[],
    visits: [] as VisitMail[],
  };
  const keep = (order: OutboxOrder) => {
    recorded.orders.push(order);
    switch (order.kind) {
      case "booking-created":
        return recorded.created.push({ booking: order.booking, manageToken: order.manageToken });
      case "booking-changed":
        return recorded.changes.push(order.change);
      case "contact-received":
        return recorded.contacts.push(order.message);
      case "staff-invited":
        return recorded.invites.push(order.invite);
      case "job-assigned":
        return recorded.jobs.push({ bookingId: order.booking._id, to: order.technician.email });
      case "visit":
        return recorded.visits.push(order.mail);
    }
  };
  return {
    ...recorded,
    write: (_tx, orders) => {
      orders.forEach(keep);
      return Promise.resolve();
    },
    forBooking: () => Promise.resolve([]),
    resend: () => Promise.resolve(null),
    wake: () => {},
  };
}

/**
 * A real outbox worker over the test's database, sending into `transport`, polling often. Its clock is the real one,
 * so every row a test writes (the app's clock is fixed in the past) is due.
 */
export function startTestWorker(
  ctx: Pick<TestContext, "sql" | "outbox">,
  transport: MailTransport,
  now?: () => Date,
): OutboxWorker {
  return startOutboxWorker({
    now,
    sql: ctx.sql,
    composer: ctx.outbox.composer,
    transport,
    log: silentLogger,
    pollMs: 20,
    maxAttempts: 3,
  });
}
