import type { Booking } from "../contracts/bookings/booking.ts";
import type { ContactMessage } from "../contracts/contact/contact.ts";
import type { BookingChange, MailOutbox, StaffInvite, VisitMail } from "../outbox/outbox.ts";

/** Keeps what would be sent in memory (tests of routes that do not look at e-mails). */
export function recordingOutbox(): MailOutbox & {
  created: { booking: Booking; manageToken: string }[];
  changes: BookingChange[];
  contacts: ContactMessage[];
  invites: StaffInvite[];
  jobs: { bookingId: string; to: string }[];
  visits: VisitMail[];
} {
  const visits: VisitMail[] = [];
  const created: { booking: Booking; manageToken: string }[] = [];
  const changes: BookingChange[] = [];
  const contacts: ContactMessage[] = [];
  const invites: StaffInvite[] = [];
  const jobs: { bookingId: string; to: string }[] = [];
  return {
    created,
    changes,
    contacts,
    invites,
    jobs,
    visits,
    knownContext: () => {},
    setReminders: () => Promise.resolve(),
    notifyStaff: () => Promise.resolve(false),
    visitChanged: (_tx, mail) => {
      visits.push(mail);
      return Promise.resolve();
    },
    jobAssigned: (_tx, job) => {
      jobs.push({ bookingId: job.booking._id, to: job.technician.email });
      return Promise.resolve();
    },
    staffInvited: (_tx, invite) => {
      invites.push(invite);
      return Promise.resolve();
    },
    bookingChanged: (_tx, change) => {
      changes.push(change);
      return Promise.resolve();
    },
    bookingCreated: (_tx, { booking, manageToken }) => {
      created.push({ booking, manageToken });
      return Promise.resolve();
    },
    contactReceived: (_tx, message) => {
      contacts.push(message);
      return Promise.resolve();
    },
    forBooking: () => Promise.resolve([]),
    resend: () => Promise.resolve(null),
    wake: () => {},
  };
}
