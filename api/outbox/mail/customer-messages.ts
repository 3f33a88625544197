import { defineMessages } from "../../contracts/i18n/messages.ts";

/** The customer's booking e-mails and calendar files: English as sent until now, Spanish in the customer catalog. */
export const CUSTOMER_MAIL = defineMessages({
  greeting: { id: "customer.mail.greeting", defaultMessage: "Hello {name}," },
  subject: {
    id: "customer.mail.subject",
    defaultMessage: "{label}: {service} on {when}",
    description: "An e-mail's subject: what happened, the service, the visit's day and time",
  },
  when: {
    id: "customer.mail.when",
    defaultMessage: "{day} at {time} {zone}",
    description: "Tuesday, March 3, 2026 at 9:00 AM Eastern Time",
  },
  rowService: { id: "customer.mail.row.service", defaultMessage: "Service" },
  rowWhen: { id: "customer.mail.row.when", defaultMessage: "Date and time" },
  rowUnits: { id: "customer.mail.row.units", defaultMessage: "Units" },
  rowAddress: { id: "customer.mail.row.address", defaultMessage: "Address" },
  rowOriginalPrice: { id: "customer.mail.row.originalPrice", defaultMessage: "Original price" },
  rowDiscount: { id: "customer.mail.row.discount", defaultMessage: "Discount" },
  rowEstimatedPrice: { id: "customer.mail.row.estimatedPrice", defaultMessage: "Estimated price" },
  manageLink: { id: "customer.mail.manageLink", defaultMessage: "View, reschedule or cancel your booking" },
  accountLink: {
    id: "customer.mail.accountLink",
    defaultMessage: "Your account: every visit, report, estimate and invoice",
  },
  receivedLabel: { id: "customer.mail.received.label", defaultMessage: "Booking received" },
  receivedThanks: {
    id: "customer.mail.received.thanks",
    defaultMessage: "Thank you for booking with {business}. We have received your booking:",
  },
  receivedNext: {
    id: "customer.mail.received.next",
    defaultMessage: "What happens next: {nextSteps} Questions? Call us at {phone}.",
  },
  nextSteps: {
    id: "customer.mail.nextSteps",
    defaultMessage: "We will call you within 24 hours to confirm your appointment.",
    description: "The spec's words: English is NEXT_STEPS, word for word",
  },
  policy: { id: "customer.mail.policy", defaultMessage: "Cancellation policy: {policy}" },
  cancellationPolicy: {
    id: "customer.mail.cancellationPolicy",
    defaultMessage:
      "Please give at least 24 hours' notice to cancel or reschedule. Cancellations with less than 24 hours' notice, or missed appointments, may be charged a late cancellation fee.",
    description: "The spec's words: English is CANCELLATION_POLICY, word for word",
  },
  calendarNote: {
    id: "customer.mail.calendarNote",
    defaultMessage: "The attached calendar file adds the visit to your calendar.",
  },
  reminderLabel: { id: "customer.mail.reminder.label", defaultMessage: "Reminder" },
  reminderIntro: { id: "customer.mail.reminder.intro", defaultMessage: "A reminder of your visit from {business}:" },
  reminderChange: {
    id: "customer.mail.reminder.change",
    defaultMessage: "Need to change it? Use the link above or call us at {phone}.",
  },
  reminderCalendar: {
    id: "customer.mail.reminder.calendar",
    defaultMessage: "The attached calendar file keeps the visit in your calendar.",
  },
  questions: { id: "customer.mail.questions", defaultMessage: "Questions? Call us at {phone}." },
  confirmedLabel: { id: "customer.mail.confirmed.label", defaultMessage: "Appointment confirmed" },
  confirmedIntro: {
    id: "customer.mail.confirmed.intro",
    defaultMessage: "Your appointment is confirmed. We look forward to seeing you on {when}.",
  },
  movedLabel: { id: "customer.mail.moved.label", defaultMessage: "Appointment moved" },
  movedIntro: {
    id: "customer.mail.moved.intro",
    defaultMessage: "Your appointment has moved from {from} to {to}.",
    description: "Both are a visit's day and time",
  },
  movedCalendar: {
    id: "customer.mail.moved.calendar",
    defaultMessage: "The attached calendar file updates the visit in your calendar.",
  },
  restoredLabel: { id: "customer.mail.restored.label", defaultMessage: "Appointment restored" },
  restoredIntro: {
    id: "customer.mail.restored.intro",
    defaultMessage: "Your appointment is booked again. We look forward to seeing you on {when}.",
  },
  restoredCalendar: {
    id: "customer.mail.restored.calendar",
    defaultMessage: "The attached calendar file puts the visit back in your calendar.",
  },
  cancelledLabel: { id: "customer.mail.cancelled.label", defaultMessage: "Appointment cancelled" },
  cancelledIntro: {
    id: "customer.mail.cancelled.intro",
    defaultMessage: "Your appointment on {when} has been cancelled.",
  },
  cancelledAgain: {
    id: "customer.mail.cancelled.again",
    defaultMessage: "To book another visit, call us at {phone} or book online.",
  },
  cancelledCalendar: {
    id: "customer.mail.cancelled.calendar",
    defaultMessage: "The attached calendar file removes the visit from your calendar.",
  },
  calendarSummary: { id: "customer.ics.summary", defaultMessage: "{service}: {business}" },
  calendarDescription: {
    id: "customer.ics.description",
    defaultMessage: "{service}, {units} unit(s), estimated {price}. Questions: {phone}.",
  },
  calendarChange: { id: "customer.ics.change", defaultMessage: "Change or cancel: {url}" },
});

/** The visit's e-mails to the customer (on the way, the service report), the rebook reminder and the rating request. */
export const VISIT_MAIL = defineMessages({
  windowBetween: { id: "customer.mail.window.between", defaultMessage: "between {from} and {until}" },
  windowAround: { id: "customer.mail.window.around", defaultMessage: "around {time}" },
  onTheWayIntro: {
    id: "customer.mail.onTheWay.intro",
    defaultMessage: "{name} from {business} is on the way to you for your {service}, expected {window}.",
  },
  onTheWayReach: { id: "customer.mail.onTheWay.reach", defaultMessage: "Need to reach us? Call {phone}." },
  onTheWaySubject: { id: "customer.mail.onTheWay.subject", defaultMessage: "{name} is on the way" },
  reportIntro: {
    id: "customer.mail.report.intro",
    defaultMessage: "{technician} has completed your {service}. Here is your service report.",
  },
  unitType: { id: "customer.mail.report.unitType", defaultMessage: "Unit type" },
  visit: { id: "customer.mail.report.visit", defaultMessage: "Visit" },
  workBegan: { id: "customer.mail.report.workBegan", defaultMessage: "Work began" },
  workEnded: { id: "customer.mail.report.workEnded", defaultMessage: "Work ended" },
  technician: { id: "customer.mail.report.technician", defaultMessage: "Technician" },
  finalPrice: { id: "customer.mail.report.finalPrice", defaultMessage: "Final price" },
  bookNext: { id: "customer.mail.bookNext", defaultMessage: "Book your next cleaning" },
  checklist: { id: "customer.mail.report.checklist", defaultMessage: "Checklist:" },
  notDone: { id: "customer.mail.report.notDone", defaultMessage: "(not done)" },
  notes: { id: "customer.mail.report.notes", defaultMessage: "Technician's notes:" },
  photos: {
    id: "customer.mail.report.photos",
    defaultMessage: "Attached: {count, plural, one {# before/after photo} other {# before/after photos}}",
  },
  photosMore: { id: "customer.mail.report.photosMore", defaultMessage: "({count} more are on file with us)." },
  noPhotos: { id: "customer.mail.report.noPhotos", defaultMessage: "No photos were taken on this visit." },
  signed: { id: "customer.mail.report.signed", defaultMessage: "Your signature is attached." },
  notPresent: {
    id: "customer.mail.report.notPresent",
    defaultMessage: "You were not present to sign when the job was completed.",
  },
  notSigned: { id: "customer.mail.report.notSigned", defaultMessage: "The report was not signed." },
  reportQuestions: {
    id: "customer.mail.report.questions",
    defaultMessage: "Questions about the work? Call us at {phone}.",
  },
  reportSubject: { id: "customer.mail.report.subject", defaultMessage: "Your service report: {service}" },
  rebookIntro: {
    id: "customer.mail.rebook.intro",
    defaultMessage: "Your last {service} with {business} was on {day}. We recommend having it done every year.",
  },
  rebookEasy: {
    id: "customer.mail.rebook.easy",
    defaultMessage: "Book your next visit in a minute: your details are already filled in, you only pick a date.",
  },
  rebookWhy: {
    id: "customer.mail.rebook.why",
    defaultMessage: "You receive this yearly reminder because we cleaned for you. Unsubscribe with one click: {url}",
  },
  rebookSubject: { id: "customer.mail.rebook.subject", defaultMessage: "Time for your yearly {service}" },
  ratingIntro: {
    id: "customer.mail.rating.intro",
    defaultMessage: "Thank you for choosing {business}. How did {who} do on your {service} of {when}?",
  },
  ratingWe: {
    id: "customer.mail.rating.we",
    defaultMessage: "we",
    description: "Who is rated when no technician is named",
  },
  ratingTap: {
    id: "customer.mail.rating.tap",
    defaultMessage: "Tap a rating: it takes one tap, and you can add a comment if you like.",
  },
  ratingStars: {
    id: "customer.mail.rating.stars",
    defaultMessage: "{stars, plural, =1 {Poor} =2 {Fair} =3 {Good} =4 {Very good} other {Excellent}}",
  },
  ratingWrong: {
    id: "customer.mail.rating.wrong",
    defaultMessage: "Something not right? Call us at {phone} and we will make it right.",
  },
  ratingSubject: { id: "customer.mail.rating.subject", defaultMessage: "How did we do? Your {service}" },
});
