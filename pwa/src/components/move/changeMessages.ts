import { defineMessages } from "@contracts/i18n/messages.ts";

/**
 * What a customer reads when they move or cancel a visit, on the manage page and on their own page alike. Those the
 * server also answers with (MESSAGES, CANCELLATION_POLICY) are the same English word for word
 * (ManageBookingPage.test.tsx checks it).
 */
export const changeMessages = defineMessages({
  policy: {
    id: "public.manage.policy",
    defaultMessage:
      "Please give at least 24 hours' notice to cancel or reschedule. Cancellations with less than 24 hours' notice, or missed appointments, may be charged a late cancellation fee.",
  },
  confirmCancel: { id: "public.manage.confirmCancel", defaultMessage: "Cancel this cleaning appointment?" },
  cancelled: {
    id: "public.manage.cancelled",
    defaultMessage: "Your booking is cancelled. We have sent you a confirmation e-mail.",
  },
  moved: {
    id: "public.manage.moved",
    defaultMessage: "Your booking is moved. We have sent you an updated confirmation e-mail.",
  },
  tooLate: {
    id: "public.manage.tooLate",
    defaultMessage: "Changes are possible up to 24 hours before your appointment. Please call us to change it now.",
  },
});
