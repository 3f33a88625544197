import type { Booking } from "../../contracts/bookings/booking.ts";
import { formatMoney } from "../../contracts/common/money.ts";
import { MAX_SEGMENTS } from "../../contracts/texts/texts.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { defineMessages, type MessageDescriptor } from "../../contracts/i18n/messages.ts";
import { translator } from "../../i18n/translator.ts";
import { clockIn, slotIn } from "../../i18n/times.ts";

/**
 * The customer's texts in their language. The Spanish is written in GSM-7 characters too (no á, í, ó, ú: é, ñ, ¡ and
 * ¿ are in the alphabet), so a Spanish text takes as many segments as the English. STOP, HELP, C and R stay the
 * keywords carriers and our webhook read, in either language.
 */
const T = defineMessages({
  confirmation: {
    id: "customer.text.confirmation",
    defaultMessage: "{business}: your {service} visit is booked for {when}. See or change it:",
  },
  confirmationPlain: {
    id: "customer.text.confirmationPlain",
    defaultMessage: "{business}: your visit is booked for {when}. See or change it:",
    description: "The same, for a service with no title",
  },
  optOut: {
    id: "customer.text.optOut",
    defaultMessage: "Reply STOP to opt out, HELP for help.",
    description: "STOP and HELP are the carriers' keywords: they stay in English. GSM-7 characters only.",
  },
  reminder: {
    id: "customer.text.reminder",
    defaultMessage: "{business}: a reminder of your {service} visit tomorrow, {when}.",
  },
  reminderPlain: {
    id: "customer.text.reminderPlain",
    defaultMessage: "{business}: a reminder of your visit tomorrow, {when}.",
  },
  reminderReply: {
    id: "customer.text.reminderReply",
    defaultMessage: "Reply C to confirm, R to reschedule.",
    description: "C and R are the keywords our webhook reads: they stay as they are.",
  },
  when: { id: "customer.text.when", defaultMessage: "{day} at {time}", description: "Tue, Mar 3 at 9:00 AM" },
  onMyWay: {
    id: "customer.text.onMyWay",
    defaultMessage: "{business}: {name} is on the way and should arrive between {from} and {until}.",
  },
  report: { id: "customer.text.report", defaultMessage: "{business}: your visit report is ready:" },
  estimate: {
    id: "customer.text.estimate",
    defaultMessage: "{business}: your estimate {number} is ready to review and approve:",
  },
  membershipJoin: {
    id: "customer.text.membershipJoin",
    defaultMessage: "{business}: pay by card to start your {plan} membership:",
  },
  invoice: { id: "customer.text.invoice", defaultMessage: "{business}: your invoice {number} for {amount} is ready:" },
  help: { id: "customer.text.help", defaultMessage: "{business}: call us at {phone}." },
  optOutOnly: { id: "customer.text.optOutOnly", defaultMessage: "Reply STOP to opt out." },
  stop: {
    id: "customer.text.stop",
    defaultMessage: "{business}: you will get no more texts from us. Reply START to get them again.",
  },
  start: {
    id: "customer.text.start",
    defaultMessage: "{business}: texts are back on. Reply STOP to opt out, HELP for help.",
  },
  confirmed: {
    id: "customer.text.confirmed",
    defaultMessage: "{business}: thank you, your visit on {when} is confirmed.",
  },
  nothingToConfirm: {
    id: "customer.text.nothingToConfirm",
    defaultMessage: "{business}: we found no upcoming visit to confirm. Call us at {phone}.",
  },
  manageLink: {
    id: "customer.text.manageLink",
    defaultMessage: "{business}: to reschedule or cancel your visit on {when}:",
  },
  payment: {
    id: "customer.text.payment",
    defaultMessage: "{business}: we received your payment of {amount} for {number}. Thank you!",
  },
});

const tr = (locale: Locale) => translator(locale);

/**
 * The words of each text we send. Each is at most MAX_SEGMENTS segments: its link (already short, /t/{code}) and its
 * closing words stay whole, and the opening words give way, cut at a word and ended with "...", when a long name or
 * service title would make it longer. Plain GSM-7 characters only in what we write ourselves, so a text goes as UCS-2
 * (and fits fewer characters) only when a name needs it.
 */
export function fitText(lead: string, link: string | null, tail = ""): string {
  // The closing words start a line of their own: after a space, a phone may read them as part of the link, and the
  // text reads as one run of characters.
  const join = (head: string) =>
    [[head, link].filter((part) => part).join(" "), tail].filter((part) => part).join("\n");
  let text = join(lead);
  if (countSegments(text).segments <= MAX_SEGMENTS) return text;
  const words = lead.split(" ");
  while (words.length > 1) {
    words.pop();
    text = join(`${words.join(" ").replace(/[\s,.:;-]+$/, "")}...`);
    if (countSegments(text).segments <= MAX_SEGMENTS) return text;
  }
  // One word too long to fit (a pasted essay): cut it by characters.
  let head = lead;
  while (head.length > 0) {
    head = head.slice(0, -10);
    text = join(`${head}...`);
    if (countSegments(text).segments <= MAX_SEGMENTS) return text;
  }
  return join("");
}

const DAY_OPTIONS = { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" } as const;

/** "Tue, Mar 3 at 9:00 AM" / "mié, 4 de mar a las 9:00 a.m.": the slot as every message writes it (slotIn). */
const when = (booking: Booking, locale: Locale = "en") => {
  const [y, m, d] = booking.cleaningDate.split("-").map(Number);
  const day = Date.UTC(y!, m! - 1, d!);
  const { t, intl } = tr(locale);
  return t(T.when, { day: intl.formatDate(day, DAY_OPTIONS), time: slotIn(locale, booking.cleaningTime) });
};

/**
 * A text about one booked visit: its words (with the service's title, or without when it has none), the visit's
 * link and its closing line.
 */
const visitText =
  (withService: MessageDescriptor, plain: MessageDescriptor, closing: MessageDescriptor) =>
  (business: string, booking: Booking, serviceTitle: string | undefined, link: string, locale: Locale = "en") => {
    const { t } = tr(locale);
    const values = { business, service: serviceTitle ?? "", when: when(booking, locale) };
    return fitText(t(serviceTitle ? withService : plain, values), link, t(closing));
  };

export const bookingConfirmationText = visitText(T.confirmation, T.confirmationPlain, T.optOut);

export const visitReminderText = visitText(T.reminder, T.reminderPlain, T.reminderReply);

/** The arrival window: from a quarter of an hour to 45 minutes after the technician set out, to 5 minutes. */
export function arrivalTimes(setOut: Date, timeZone: string, locale: Locale = "en"): { from: string; until: string } {
  const round = (ms: number) => new Date(Math.ceil(ms / 300_000) * 300_000);
  const format = (d: Date) => clockIn(locale, d, timeZone);
  return { from: format(round(setOut.getTime() + 15 * 60_000)), until: format(round(setOut.getTime() + 45 * 60_000)) };
}

export const onMyWayText = (
  business: string,
  technicianFirstName: string,
  window: { from: string; until: string },
  locale: Locale = "en",
) => fitText(tr(locale).t(T.onMyWay, { business, name: technicianFirstName, ...window }), null);

export const visitReportText = (business: string, link: string, locale: Locale = "en") =>
  fitText(tr(locale).t(T.report, { business }), link);

export const estimateSentText = (business: string, number: string, link: string, locale: Locale = "en") =>
  fitText(tr(locale).t(T.estimate, { business, number }), link);

export const membershipJoinText = (business: string, plan: string, link: string, locale: Locale = "en") =>
  fitText(tr(locale).t(T.membershipJoin, { business, plan }), link);

export const invoiceSentText = (
  business: string,
  number: string,
  totalCents: number,
  link: string,
  locale: Locale = "en",
) => fitText(tr(locale).t(T.invoice, { business, number, amount: formatMoney(totalCents / 100) }), link);

export const paymentReceiptText = (
  business: string,
  amountCents: number,
  number: string,
  link: string,
  locale: Locale = "en",
) => fitText(tr(locale).t(T.payment, { business, number, amount: formatMoney(amountCents / 100) }), link);

// The answers to a customer's keywords, in the language of the customer the number is on (English for none).
export const helpText = (business: string, phone: string, locale: Locale = "en") =>
  fitText(tr(locale).t(T.help, { business, phone }), null, tr(locale).t(T.optOutOnly));

export const stopText = (business: string, locale: Locale = "en") => tr(locale).t(T.stop, { business });

export const startText = (business: string, locale: Locale = "en") => tr(locale).t(T.start, { business });

export const confirmedText = (business: string, booking: Booking, locale: Locale = "en") =>
  fitText(tr(locale).t(T.confirmed, { business, when: when(booking, locale) }), null);

export const nothingToConfirmText = (business: string, phone: string, locale: Locale = "en") =>
  fitText(tr(locale).t(T.nothingToConfirm, { business, phone }), null);

export const manageLinkText = (business: string, booking: Booking, link: string, locale: Locale = "en") =>
  fitText(tr(locale).t(T.manageLink, { business, when: when(booking, locale) }), link);
