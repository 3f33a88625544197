import type { BookingStatus } from "@contracts/bookings/booking.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { changeMessages } from "../../components/move/changeMessages.ts";

/**
 * The manage page's texts. Those the server also answers with (MESSAGES, CANCELLATION_POLICY) are the same English
 * word for word (ManageBookingPage.test.tsx checks it); their Spanish is here, so the page needs no server text.
 */
export const manageMessages = {
  ...changeMessages,
  ...defineMessages({
    title: { id: "public.manage.title", defaultMessage: "Manage Your Booking" },
    loading: { id: "public.manage.loading", defaultMessage: "Loading your booking…" },
    notFound: {
      id: "public.manage.notFound",
      defaultMessage: "This link is not valid. Please use the link in your confirmation e-mail or call us.",
    },
    callUs: { id: "public.manage.callUs", defaultMessage: "Call us:" },
    home: { id: "public.manage.home", defaultMessage: "Back to Home" },
    failed: {
      id: "public.manage.failed",
      defaultMessage: "We could not load your booking. Please check your connection and try again.",
    },
    retry: { id: "public.manage.retry", defaultMessage: "Try again" },
    change: { id: "public.manage.change", defaultMessage: "Cancel or Move" },
    until: { id: "public.manage.until", defaultMessage: "You can change it here until {deadline}." },
    cancelTitle: { id: "public.manage.cancelTitle", defaultMessage: "Cancel appointment" },
    cancelMail: { id: "public.manage.cancelMail", defaultMessage: "We will send you a cancellation e-mail." },
    cancelling: { id: "public.manage.cancelling", defaultMessage: "Cancelling…" },
    closed: {
      id: "public.manage.closed",
      defaultMessage: "This booking is cancelled or completed and can no longer be changed.",
    },
    over: {
      id: "public.manage.over",
      defaultMessage: "This visit has already taken place. To book another one, call us or book online.",
    },
    noConnection: {
      id: "public.manage.noConnection",
      defaultMessage:
        "We could not reach our booking system, so nothing was changed. Please check your connection and try again.",
    },
    serverTrouble: {
      id: "public.manage.serverTrouble",
      defaultMessage: "Something went wrong on our side. Please try again in a moment or call us.",
    },
    appointment: { id: "public.manage.appointment", defaultMessage: "Your Appointment" },
    service: { id: "public.manage.service", defaultMessage: "Service" },
    date: { id: "public.manage.date", defaultMessage: "Date" },
    time: { id: "public.manage.time", defaultMessage: "Time" },
    units: { id: "public.manage.units", defaultMessage: "Units" },
    address: { id: "public.manage.address", defaultMessage: "Address" },
    name: { id: "public.manage.name", defaultMessage: "Name" },
  }),
};

/** A booking's status as its badge says it. */
export const statusMessages = defineMessages<BookingStatus>({
  pending: { id: "public.manage.status.pending", defaultMessage: "Pending" },
  confirmed: { id: "public.manage.status.confirmed", defaultMessage: "Confirmed" },
  completed: { id: "public.manage.status.completed", defaultMessage: "Completed" },
  cancelled: { id: "public.manage.status.cancelled", defaultMessage: "Cancelled" },
});
