import type { Booking } from "../../contracts/bookings/booking.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { ContactMessage } from "../../contracts/contact/contact.ts";
import type { MailKind } from "../../contracts/outbox/mail.ts";
import { CANCELLATION_POLICY } from "../../contracts/bookings/manage.ts";
import { PORTAL_PATH } from "../../contracts/portal/portal.ts";
import { formatMoney } from "../../contracts/common/money.ts";
import { slotHour } from "../../contracts/schedule/dates.ts";
import { SERVICE_NAMES } from "../../contracts/services/catalog.ts";
import { boundedCache } from "../../contracts/common/bounded-cache.ts";
import { calendarFile, zoneFormat } from "./ics.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { translator } from "../../i18n/translator.ts";
import { clockIn, slotHourIn, slotIn } from "../../i18n/times.ts";
import { CUSTOMER_MAIL as M, VISIT_MAIL as V } from "./customer-messages.ts";
import { STAFF_MAIL } from "./staff-messages.ts";

/** One e-mail, rendered at the time of the change and stored as it will be sent. */
export interface RenderedMail {
  kind: MailKind;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** An iCalendar file to attach (customer e-mails about the visit). */
  ics?: { method: "PUBLISH" | "CANCEL"; content: string };
  /** Binary files to attach (a service report's photos and signature), base64. */
  files?: { filename: string; contentType: string; base64: string }[];
  replyTo?: { name: string; address: string };
  /** Extra headers (the one-click unsubscribe of a marketing e-mail, RFC 8058). */
  headers?: Record<string, string>;
}

/** What every template may use besides the booking. */
export interface MailContext {
  profile: BusinessProfile;
  /** The booked service's title as listed now (a service an admin added has no name in the contracts). */
  serviceTitle?: string;
  /** Its Spanish title, when the office wrote one: a Spanish customer's messages use it. */
  serviceTitleEs?: string;
  /** The DTSTAMP of calendar files. */
  now: Date;
  /** The customer's language for what goes to them (the business's own e-mails stay English); English if left out. */
  locale?: Locale;
}

/** The customer's translator: their language, the business's time zone. */
export const customerTr = (ctx: Pick<MailContext, "locale" | "profile">) =>
  translator(ctx.locale ?? "en", ctx.profile.timeZone);

/** "November 20, 2026" / "20 de noviembre de 2026": a calendar day ("2026-11-20") in the customer's language. */
export const calendarDay = (isoDay: string, ctx: Pick<MailContext, "locale" | "profile">) => {
  const [y, m, d] = isoDay.slice(0, 10).split("-").map(Number);
  return customerTr(ctx).intl.formatDate(Date.UTC(y!, m! - 1, d!), { dateStyle: "long", timeZone: "UTC" });
};

/** A moment's day in the business's time zone, in the customer's language. */
export const momentDay = (iso: string | Date, ctx: Pick<MailContext, "locale" | "profile">) =>
  customerTr(ctx).intl.formatDate(new Date(iso), { dateStyle: "long" });

/** How long a visit is blocked in the customer's calendar: the slot starts the arrival window. */
export const VISIT_HOURS = 2;

export const NEXT_STEPS = "We will call you within 24 hours to confirm your appointment.";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text made safe inside HTML elements and quoted attributes. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Header values must stay on one line whatever the customer typed. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

// Building an Intl formatter costs far more than using one, and every booking e-mail formats dates and money.
const DAY_OPTIONS = { weekday: "long", month: "long", day: "numeric", year: "numeric" } as const;
const DAY_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...DAY_OPTIONS });
/** "Tuesday, March 3, 2026 at 9:00 AM Eastern Time": the slot label is already business time. */
export function visitWhen(
  booking: Pick<Booking, "cleaningDate" | "cleaningTime">,
  timeZone: string,
  locale: Locale = "en",
): string {
  const year = Number(booking.cleaningDate.slice(0, 4));
  if (locale === "en")
    return `${dayName(booking.cleaningDate)} at ${booking.cleaningTime} ${genericZoneName(timeZone, year)}`;
  const tr = translator(locale, timeZone);
  const [y, m, d] = booking.cleaningDate.split("-").map(Number);
  const day = tr.intl.formatDate(Date.UTC(y!, m! - 1, d!), { ...DAY_OPTIONS, timeZone: "UTC" });
  const zone =
    zoneFormat(timeZone, "longGeneric", tr.intl.locale)
      .formatToParts(new Date(Date.UTC(year, 6, 1, 12)))
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  return tr.t(M.when, { day, time: slotIn(locale, booking.cleaningTime), zone });
}

// A booking's e-mails name its day six times; bookings fall on a few hundred days.
const dayNames = boundedCache<string>(1024);
/** "Tuesday, March 3, 2026". */
const dayName = (isoDate: string) =>
  dayNames(isoDate, () => {
    const [y, m, d] = isoDate.split("-").map(Number);
    return DAY_FORMAT.format(new Date(Date.UTC(y!, m! - 1, d!)));
  });

// Zone-years: bookings span a year or two of one business zone, so the bound is never reached in practice.
const zoneNames = boundedCache<string>(64);
/**
 * "Eastern Time": the zone's generic name, the same in summer and winter. ICU takes about 35 µs to find it, more
 * than the rest of an e-mail's dates and amounts together: it is read once per zone and year, as a zone's
 * name changes only with its rules.
 */
const genericZoneName = (timeZone: string, year: number) =>
  zoneNames(
    `${timeZone}\n${year}`,
    () =>
      zoneFormat(timeZone, "longGeneric")
        .formatToParts(new Date(Date.UTC(year, 6, 1, 12)))
        .find((p) => p.type === "timeZoneName")?.value ?? timeZone,
  );

/** "Tuesday, March 3, 2026" / "martes, 3 de marzo de 2026". */
const longDayIn = (isoDate: string, ctx: Pick<MailContext, "locale" | "profile">) => {
  if ((ctx.locale ?? "en") === "en") return dayName(isoDate);
  const [y, m, d] = isoDate.split("-").map(Number);
  return customerTr(ctx).intl.formatDate(Date.UTC(y!, m! - 1, d!), { ...DAY_OPTIONS, timeZone: "UTC" });
};

const fullName = (b: Booking) => oneLine(`${b.firstName} ${b.lastName}`);
export const serviceName = (b: Booking, ctx: Omit<MailContext, "now">) =>
  ctx.serviceTitle ?? SERVICE_NAMES[b.serviceType] ?? b.serviceType;
/** The service's name in the customer's language: its Spanish title for a Spanish customer, English without one. */
export const customerService = (b: Booking, ctx: Omit<MailContext, "now">) =>
  (ctx.locale === "es" ? ctx.serviceTitleEs : undefined) ?? serviceName(b, ctx);
const addressOf = (b: Booking) => `${b.homeAddress}, ${b.city}, ${b.state} ${b.zip}`;

/** The calendar file's UID: the booking id at the business's mail domain, the same for every file. */
export const calendarUid = (bookingId: string, profile: BusinessProfile) =>
  `booking-${bookingId}@${profile.email.split("@")[1] ?? "clearflow"}`;

function visitCalendar(booking: Booking, ctx: MailContext, manageUrl: string | null, cancelled: boolean) {
  const method = cancelled ? "CANCEL" : "PUBLISH";
  const tr = customerTr(ctx);
  const service = customerService(booking, ctx);
  const content = calendarFile({
    uid: calendarUid(booking._id, ctx.profile),
    // Version 1 is the new booking; each change raises it, so later files always win.
    sequence: booking.version - 1,
    method,
    status: cancelled ? "CANCELLED" : booking.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    date: booking.cleaningDate,
    hour: slotHour(booking.cleaningTime) ?? 0,
    durationHours: VISIT_HOURS,
    timeZone: ctx.profile.timeZone,
    summary: tr.t(M.calendarSummary, { service, business: ctx.profile.name }),
    location: addressOf(booking),
    description:
      tr.t(M.calendarDescription, {
        service,
        units: booking.unitCount,
        price: formatMoney(booking.estimatedPrice),
        phone: ctx.profile.phone,
      }) + (manageUrl ? ` ${tr.t(M.calendarChange, { url: manageUrl })}` : ""),
    url: manageUrl ?? undefined,
    organizer: { name: ctx.profile.name, email: ctx.profile.email },
    stamp: ctx.now,
  });
  return { method, content } as const;
}

/** Lines of a plain-text section and rows of its HTML table, from the same label/value pairs. */
export type Rows = [label: string, value: string][];

const textRows = (rows: Rows) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");

const htmlRows = (rows: Rows) =>
  `<table cellpadding="4" style="border-collapse:collapse">` +
  rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding-right:16px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("") +
  `</table>`;

function visitRows(booking: Booking, ctx: MailContext): Rows {
  const { t } = customerTr(ctx);
  return [
    [t(M.rowService), customerService(booking, ctx)],
    [t(M.rowWhen), visitWhen(booking, ctx.profile.timeZone, ctx.locale)],
    [t(M.rowUnits), String(booking.unitCount)],
    [t(M.rowAddress), addressOf(booking)],
    [t(M.rowOriginalPrice), formatMoney(booking.originalPrice)],
    [t(M.rowDiscount), formatMoney(booking.discountAmount)],
    [t(M.rowEstimatedPrice), formatMoney(booking.estimatedPrice)],
  ];
}

/** A paragraph in both forms; HTML escaping is done here so callers pass plain text only. */
export interface Body {
  paragraphs: string[];
  rows: Rows;
  link?: { label: string; url: string };
  /** Several links, one a line (a rating's five stars). */
  links?: { label: string; url: string }[];
  after: string[];
  /** A quiet link above the signature: the customer's own page. */
  footerLink?: { label: string; url: string };
}

export function renderBody(greeting: string, body: Body, profile: BusinessProfile) {
  const signature = `${profile.name}\n${profile.phone} · ${profile.email}\n${profile.address.street}, ${profile.address.city}, ${profile.address.state} ${profile.address.zip}`;
  const text = [
    greeting,
    ...body.paragraphs,
    textRows(body.rows),
    ...(body.link ? [`${body.link.label}: ${body.link.url}`] : []),
    ...(body.links ?? []).map((l) => `${l.label}: ${l.url}`),
    ...body.after,
    ...(body.footerLink ? [`${body.footerLink.label}: ${body.footerLink.url}`] : []),
    signature,
  ].join("\n\n");
  const p = (s: string) => `<p>${escapeHtml(s).replace(/\r?\n/g, "<br>")}</p>`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">` +
    p(greeting) +
    body.paragraphs.map(p).join("") +
    htmlRows(body.rows) +
    (body.link
      ? `<p><a href="${escapeHtml(body.link.url)}" style="color:#0b5fff">${escapeHtml(body.link.label)}</a></p>`
      : "") +
    (body.links ?? [])
      .map(
        (l) => `<p><a href="${escapeHtml(l.url)}" style="color:#0b5fff;font-size:18px">${escapeHtml(l.label)}</a></p>`,
      )
      .join("") +
    body.after.map(p).join("") +
    (body.footerLink
      ? `<p style="color:#4b5563;font-size:14px"><a href="${escapeHtml(body.footerLink.url)}" style="color:#0b5fff">` +
        `${escapeHtml(body.footerLink.label)}</a></p>`
      : "") +
    `<p style="color:#4b5563">${signature.split("\n").map(escapeHtml).join("<br>")}</p>` +
    `</body></html>`;
  return { text, html };
}

export const customer = (b: Booking) => ({ name: fullName(b), address: b.email });
export const businessInbox = (profile: BusinessProfile) => ({ name: profile.name, address: profile.email });
const policy = `Cancellation policy: ${CANCELLATION_POLICY}`;

/** What differs between the customer's e-mails; the rest (greeting, visit table, calendar file) is shared. */
interface CustomerMail {
  kind: MailKind;
  subject: string;
  paragraphs: string[];
  after: string[];
  /** The manage link; null once the booking is cancelled (the calendar file then cancels the event). */
  manageUrl: string | null;
  /** The customer's own page, on the site the manage link is on (a cancelled booking's e-mail names it alone). */
  accountUrl: string;
}

/** "Booking received: Air Duct Cleaning on Tuesday, March 3, 2026 at 9:00 AM Eastern Time". */
const customerSubject = (label: string, booking: Booking, ctx: Omit<MailContext, "now">) =>
  oneLine(
    customerTr(ctx).t(M.subject, {
      label,
      service: customerService(booking, ctx),
      when: visitWhen(booking, ctx.profile.timeZone, ctx.locale),
    }),
  );

/** The customer's own page on the site `link` is on: every visit, report, estimate and invoice. */
export const accountUrlOf = (link: string) => new URL(PORTAL_PATH, link).href;

function toCustomer(booking: Booking, ctx: MailContext, mail: CustomerMail): RenderedMail {
  const { t } = customerTr(ctx);
  const body = renderBody(
    t(M.greeting, { name: oneLine(booking.firstName) }),
    {
      paragraphs: mail.paragraphs,
      rows: visitRows(booking, ctx),
      link: mail.manageUrl ? { label: t(M.manageLink), url: mail.manageUrl } : undefined,
      after: mail.after,
      footerLink: { label: t(M.accountLink), url: mail.accountUrl },
    },
    ctx.profile,
  );
  return {
    kind: mail.kind,
    to: customer(booking),
    subject: customerSubject(mail.subject, booking, ctx),
    ...body,
    ics: visitCalendar(booking, ctx, mail.manageUrl, mail.manageUrl === null),
    replyTo: businessInbox(ctx.profile),
  };
}

/**
 * A booking e-mail an outbox row names instead of holding it rendered: a new booking's three e-mails
 * were a third of its CPU in the API and 12 KB of rows. The worker renders it when it sends.
 */
export interface MailOrder {
  template: "booking-received" | "business-new-booking" | "visit-reminder";
  /** The booking as it was when the e-mail was called for. */
  booking: Booking;
  manageUrl: string;
  serviceTitle?: string;
  serviceTitleEs?: string;
  /** The customer's language, for the customer's e-mails (the business's stays English). */
  locale?: Locale;
}

/** The address and subject the rendered order will have, for the row's columns (the admin's list of a booking's mail). */
export function orderHeading(order: MailOrder, ctx: Omit<MailContext, "now">): { to: string; subject: string } {
  const { booking } = order;
  switch (order.template) {
    case "booking-received":
    case "visit-reminder": {
      const customerCtx = { ...ctx, locale: order.locale };
      const label = customerTr(customerCtx).t(
        order.template === "booking-received" ? M.receivedLabel : M.reminderLabel,
      );
      return { to: booking.email, subject: customerSubject(label, booking, customerCtx) };
    }
    case "business-new-booking":
      return { to: ctx.profile.email, subject: newBookingSubject(booking, ctx) };
  }
}

/** The e-mail an order names; `ctx` is the business as it is when the worker sends it. */
export function renderOrder(order: MailOrder, ctx: Omit<MailContext, "serviceTitle">): RenderedMail {
  const withService = { ...ctx, serviceTitle: order.serviceTitle, serviceTitleEs: order.serviceTitleEs };
  const toCustomerCtx = { ...withService, locale: order.locale };
  switch (order.template) {
    case "booking-received":
      return bookingReceived(order.booking, order.manageUrl, toCustomerCtx);
    case "visit-reminder":
      return visitReminder(order.booking, order.manageUrl, toCustomerCtx);
    case "business-new-booking":
      return businessNewBooking(order.booking, withService);
  }
}

/** The reminder ahead of the visit: when, where, what, the manage link and the business's phone. */
export function visitReminder(booking: Booking, manageUrl: string, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  return toCustomer(booking, ctx, {
    kind: "visit-reminder",
    subject: t(M.reminderLabel),
    paragraphs: [t(M.reminderIntro, { business: ctx.profile.name })],
    after: [t(M.reminderChange, { phone: ctx.profile.phone }), t(M.reminderCalendar)],
    manageUrl,
    accountUrl: accountUrlOf(manageUrl),
  });
}

/**
 * A year after a completed visit: marketing, so it carries the one-click unsubscribe of RFC 8058 in
 * its headers (mail programs show their own button) and in its text.
 */
export function rebookReminder(
  booking: Booking,
  links: { bookAgainUrl: string; unsubscribeUrl: string; apiUnsubscribeUrl: string },
  ctx: MailContext,
): RenderedMail {
  const { t } = customerTr(ctx);
  const service = customerService(booking, ctx);
  const day = longDayIn(booking.cleaningDate, ctx);
  const body = renderBody(
    t(M.greeting, { name: oneLine(booking.firstName) }),
    {
      paragraphs: [t(V.rebookIntro, { service, business: ctx.profile.name, day }), t(V.rebookEasy)],
      rows: [
        [t(M.rowService), service],
        [t(M.rowUnits), String(booking.unitCount)],
        [t(M.rowAddress), addressOf(booking)],
      ],
      link: { label: t(V.bookNext), url: links.bookAgainUrl },
      after: [t(M.questions, { phone: ctx.profile.phone }), t(V.rebookWhy, { url: links.unsubscribeUrl })],
    },
    ctx.profile,
  );
  return {
    kind: "rebook-reminder",
    to: customer(booking),
    subject: oneLine(t(V.rebookSubject, { service })),
    ...body,
    replyTo: businessInbox(ctx.profile),
    headers: {
      "List-Unsubscribe": `<${links.apiUnsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The confirmation sent when a booking is accepted (still to be confirmed by phone). */
export function bookingReceived(booking: Booking, manageUrl: string, ctx: MailContext): RenderedMail {
  const { t, locale } = customerTr(ctx);
  // The spec's words stay word for word in English; Spanish reads the catalog.
  const [nextSteps, cancellationPolicy] =
    locale === "en" ? [NEXT_STEPS, CANCELLATION_POLICY] : [t(M.nextSteps), t(M.cancellationPolicy)];
  return toCustomer(booking, ctx, {
    kind: "booking-received",
    subject: t(M.receivedLabel),
    paragraphs: [t(M.receivedThanks, { business: ctx.profile.name })],
    after: [
      t(M.receivedNext, { nextSteps, phone: ctx.profile.phone }),
      t(M.policy, { policy: cancellationPolicy }),
      t(M.calendarNote),
    ],
    manageUrl,
    accountUrl: accountUrlOf(manageUrl),
  });
}

/** The cancellation policy's line: the spec's words in English, the catalog's in Spanish. */
const policyLine = (ctx: Pick<MailContext, "locale" | "profile">) => {
  const { t, locale } = customerTr(ctx);
  return locale === "en" ? policy : t(M.policy, { policy: t(M.cancellationPolicy) });
};

export function bookingConfirmed(booking: Booking, manageUrl: string, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  const when = visitWhen(booking, ctx.profile.timeZone, ctx.locale);
  return toCustomer(booking, ctx, {
    kind: "booking-confirmed",
    subject: t(M.confirmedLabel),
    paragraphs: [t(M.confirmedIntro, { when })],
    after: [t(M.questions, { phone: ctx.profile.phone }), policyLine(ctx)],
    manageUrl,
    accountUrl: accountUrlOf(manageUrl),
  });
}

export function bookingRescheduled(
  booking: Booking,
  previous: Booking,
  manageUrl: string,
  ctx: MailContext,
): RenderedMail {
  const { t } = customerTr(ctx);
  const { timeZone } = ctx.profile;
  return toCustomer(booking, ctx, {
    kind: "booking-rescheduled",
    subject: t(M.movedLabel),
    paragraphs: [
      t(M.movedIntro, {
        from: visitWhen(previous, timeZone, ctx.locale),
        to: visitWhen(booking, timeZone, ctx.locale),
      }),
      t(M.movedCalendar),
    ],
    after: [t(M.questions, { phone: ctx.profile.phone }), policyLine(ctx)],
    manageUrl,
    accountUrl: accountUrlOf(manageUrl),
  });
}

export function bookingRestored(booking: Booking, manageUrl: string, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  const when = visitWhen(booking, ctx.profile.timeZone, ctx.locale);
  return toCustomer(booking, ctx, {
    kind: "booking-restored",
    subject: t(M.restoredLabel),
    paragraphs: [t(M.restoredIntro, { when }), t(M.restoredCalendar)],
    after: [t(M.questions, { phone: ctx.profile.phone }), policyLine(ctx)],
    manageUrl,
    accountUrl: accountUrlOf(manageUrl),
  });
}

/** `site`: any address on the site (the booking's manage link no longer opens anything, the customer's page does). */
export function bookingCancelled(booking: Booking, site: string, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  return toCustomer(booking, ctx, {
    kind: "booking-cancelled",
    subject: t(M.cancelledLabel),
    paragraphs: [t(M.cancelledIntro, { when: visitWhen(booking, ctx.profile.timeZone, ctx.locale) })],
    after: [t(M.cancelledAgain, { phone: ctx.profile.phone }), t(M.cancelledCalendar)],
    manageUrl: null,
    accountUrl: accountUrlOf(site),
  });
}

function customerRows(booking: Booking): Rows {
  return [
    ["Customer", fullName(booking)],
    ["E-mail", booking.email],
    ["Phone", booking.contactNumber],
    ["Unit type", booking.furnaceOrUnit],
    ["Status", booking.status],
    ...(booking.comment ? ([["Comments", booking.comment]] as Rows) : []),
  ];
}

/** An e-mail to the business inbox; replies go to the customer or visitor. */
function toBusiness(
  kind: MailKind,
  subject: string,
  heading: string,
  content: { paragraphs: string[]; rows: Rows },
  replyTo: { name: string; address: string },
  ctx: MailContext,
): RenderedMail {
  const body = renderBody(heading, { ...content, after: [] }, ctx.profile);
  return { kind, to: businessInbox(ctx.profile), subject: oneLine(subject), ...body, replyTo };
}

const newBookingSubject = (booking: Booking, ctx: Omit<MailContext, "now">) =>
  oneLine(
    `New booking: ${fullName(booking)}, ${serviceName(booking, ctx)} on ${visitWhen(booking, ctx.profile.timeZone)}`,
  );

/** The business inbox's copy of a new booking: everything needed to call the customer back. */
export function businessNewBooking(booking: Booking, ctx: MailContext): RenderedMail {
  const when = visitWhen(booking, ctx.profile.timeZone);
  return toBusiness(
    "business-new-booking",
    newBookingSubject(booking, ctx),
    "New booking",
    {
      paragraphs: [`A customer booked ${serviceName(booking, ctx)} for ${when}. Call them within 24 hours to confirm.`],
      rows: [...customerRows(booking), ...visitRows(booking, ctx)],
    },
    customer(booking),
    ctx,
  );
}

/** A job given to a technician within 48 hours of the visit: where, when, who, and what to do. */
export function technicianJobAssigned(
  booking: Booking,
  technician: { name: string; email: string },
  ctx: MailContext,
): RenderedMail {
  const when = visitWhen(booking, ctx.profile.timeZone);
  const body = renderBody(
    `Hello ${oneLine(technician.name)},`,
    {
      paragraphs: [`You have a new job: ${serviceName(booking, ctx)} on ${when}. It is on your jobs screen too.`],
      rows: [...customerRows(booking), ...visitRows(booking, ctx)],
      after: [],
    },
    ctx.profile,
  );
  return {
    kind: "job-assigned",
    to: { name: oneLine(technician.name), address: technician.email },
    subject: oneLine(`New job: ${serviceName(booking, ctx)} on ${when}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

/**
 * The business inbox hears of changes the customer made through the manage link, and of a live booking an admin
 * deleted (the customer was sent a cancellation).
 */
export function businessBookingChanged(
  booking: Booking,
  change: "confirmed" | "rescheduled" | "cancelled" | "deleted",
  previous: Booking | null,
  ctx: MailContext,
): RenderedMail {
  const when = visitWhen(booking, ctx.profile.timeZone);
  const what =
    change === "cancelled"
      ? `cancelled the visit on ${when}`
      : change === "rescheduled" && previous
        ? `moved the visit from ${visitWhen(previous, ctx.profile.timeZone)} to ${when}`
        : `confirmed the visit on ${when}`;
  const paragraph =
    change === "deleted"
      ? `An admin deleted the booking of ${fullName(booking)} for ${when}. The customer was sent a cancellation.`
      : `${fullName(booking)} ${what}.`;
  return toBusiness(
    "business-booking-changed",
    `Booking ${change}: ${fullName(booking)}, ${serviceName(booking, ctx)} on ${when}`,
    change === "deleted" ? "Booking deleted" : "Booking changed by the customer",
    {
      paragraphs: [paragraph],
      rows: [...customerRows(booking), ...visitRows(booking, ctx)],
    },
    customer(booking),
    ctx,
  );
}

export function businessContactMessage(message: ContactMessage, ctx: MailContext): RenderedMail {
  const name = oneLine(message.name);
  return toBusiness(
    "business-contact-message",
    `Contact message from ${name}`,
    "New contact message",
    {
      paragraphs: [`${name} wrote through the contact form:`, message.message],
      rows: [
        ["Name", name],
        ["E-mail", message.email],
        ["Phone", message.phone],
        ["Service", message.service],
      ],
    },
    { name, address: oneLine(message.email) },
    ctx,
  );
}

/**
 * "November 28, 2026 at 9:30 PM" ("28 de noviembre de 2026, 9:30 p.m.") in the business's zone and the reader's
 * language: when a staff link ends or a sign-in happened.
 */
const dateTimeIn = (at: Date, ctx: MailContext) =>
  customerTr(ctx).intl.formatDate(at, { dateStyle: "long", timeStyle: "short" });

/** A staff member's invitation: the link where they choose a password, valid until `expiresAt`. */
export function staffInvitation(
  invite: { name: string; email: string; url: string; expiresAt: Date },
  ctx: MailContext,
): RenderedMail {
  const { t } = customerTr(ctx);
  const name = oneLine(invite.name);
  const until = dateTimeIn(invite.expiresAt, ctx);
  const body = renderBody(
    t(STAFF_MAIL.greeting, { name }),
    {
      paragraphs: [t(STAFF_MAIL.invitedIntro, { business: ctx.profile.name }), t(STAFF_MAIL.invitedUntil, { until })],
      rows: [],
      link: { label: t(STAFF_MAIL.invitedLink), url: invite.url },
      after: [t(STAFF_MAIL.invitedIgnore)],
    },
    ctx.profile,
  );
  return {
    kind: "staff-invitation",
    to: { name, address: invite.email },
    subject: oneLine(t(STAFF_MAIL.invitedSubject, { business: ctx.profile.name })),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

/** A sign-in from a device not seen before: the person checks it was them. */
export function staffNewSignIn(
  sign: { name: string; email: string; device: string; address: string; at: Date },
  ctx: MailContext,
): RenderedMail {
  const { t } = customerTr(ctx);
  const name = oneLine(sign.name);
  const when = dateTimeIn(sign.at, ctx);
  const body = renderBody(
    t(STAFF_MAIL.greeting, { name }),
    {
      paragraphs: [t(STAFF_MAIL.signInIntro, { business: ctx.profile.name })],
      rows: [
        [t(STAFF_MAIL.rowDevice), oneLine(sign.device)],
        [t(STAFF_MAIL.rowAddress), oneLine(sign.address) || t(STAFF_MAIL.unknownAddress)],
        [t(STAFF_MAIL.rowWhen), when],
      ],
      after: [t(STAFF_MAIL.signInWasYou), t(STAFF_MAIL.signInWasNotYou)],
    },
    ctx.profile,
  );
  return {
    kind: "staff-new-sign-in",
    to: { name, address: sign.email },
    subject: oneLine(t(STAFF_MAIL.signInSubject, { business: ctx.profile.name })),
    ...body,
  };
}

/** "between 9:00 AM and 11:00 AM": the booked slot is the arrival window, its times written as slots are (slotIn). */
export function arrivalWindow(booking: Pick<Booking, "cleaningTime">, ctx: Pick<MailContext, "locale" | "profile">) {
  const { t } = customerTr(ctx);
  const start = slotHour(booking.cleaningTime);
  if (start === null) return t(V.windowAround, { time: booking.cleaningTime });
  const locale = ctx.locale ?? "en";
  return t(V.windowBetween, { from: slotHourIn(locale, start), until: slotHourIn(locale, start + VISIT_HOURS) });
}

/** "On My Way": the customer learns who is coming and when to expect them. */
export function technicianOnTheWay(booking: Booking, technicianName: string, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  const first = oneLine(technicianName.split(/\s+/)[0] ?? technicianName);
  const service = customerService(booking, ctx);
  const body = renderBody(
    t(M.greeting, { name: oneLine(booking.firstName) }),
    {
      paragraphs: [
        t(V.onTheWayIntro, {
          name: first,
          business: ctx.profile.name,
          service,
          window: arrivalWindow(booking, ctx),
        }),
      ],
      rows: [
        [t(M.rowService), service],
        [t(M.rowAddress), addressOf(booking)],
      ],
      after: [t(V.onTheWayReach, { phone: ctx.profile.phone })],
    },
    ctx.profile,
  );
  return {
    kind: "technician-on-the-way",
    to: customer(booking),
    subject: oneLine(t(V.onTheWaySubject, { name: first })),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

/** What a service report tells besides the booking. */
export interface ServiceReport {
  technicianName: string;
  /** When the technician arrived and completed the job on their device (ISO), if they recorded it. */
  began: string | null;
  ended: string | null;
  /** The service's checklist as the technician left it. */
  checklist: { label: string; done: boolean }[];
  notes: { text: string; by: string }[];
  photos: { filename: string; contentType: string; base64: string }[];
  /** Photos on file but not attached (over the e-mail's size cap). */
  photosNotAttached: number;
  signature: { contentType: string; base64: string } | null;
  customerNotPresent: boolean;
  bookAgainUrl: string;
}

/** "9:58 AM" / "9:58 a.m." in the business's time zone, in the customer's language. */
const clockTime = (iso: string, ctx: Pick<MailContext, "locale" | "profile">): string =>
  clockIn(ctx.locale ?? "en", new Date(iso), ctx.profile.timeZone);

/** Complete Job: the customer's service report, with the before/after photos and the signature attached. */
export function serviceReport(booking: Booking, report: ServiceReport, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  const photos = report.photos.length;
  const service = customerService(booking, ctx);
  const technician = oneLine(report.technicianName);
  const body = renderBody(
    t(M.greeting, { name: oneLine(booking.firstName) }),
    {
      paragraphs: [t(V.reportIntro, { technician, service })],
      rows: [
        [t(M.rowService), service],
        [t(M.rowUnits), String(booking.unitCount)],
        // The unit type and the checklist's labels are the office's words, as written.
        [t(V.unitType), booking.furnaceOrUnit],
        [t(M.rowAddress), addressOf(booking)],
        [t(V.visit), visitWhen(booking, ctx.profile.timeZone, ctx.locale)],
        ...(report.began ? [[t(V.workBegan), clockTime(report.began, ctx)] as [string, string]] : []),
        ...(report.ended ? [[t(V.workEnded), clockTime(report.ended, ctx)] as [string, string]] : []),
        [t(V.technician), technician],
        [t(V.finalPrice), formatMoney(booking.estimatedPrice)],
      ],
      link: { label: t(V.bookNext), url: report.bookAgainUrl },
      after: [
        ...(report.checklist.length > 0
          ? [
              `${t(V.checklist)}\n${report.checklist.map((i) => `${i.done ? "[x]" : "[ ]"} ${i.label}${i.done ? "" : ` ${t(V.notDone)}`}`).join("\n")}`,
            ]
          : []),
        ...(report.notes.length > 0 ? [`${t(V.notes)}\n${report.notes.map((n) => `- ${n.text}`).join("\n")}`] : []),
        photos > 0
          ? t(V.photos, { count: photos }) +
            (report.photosNotAttached > 0 ? ` ${t(V.photosMore, { count: report.photosNotAttached })}` : ".")
          : t(V.noPhotos),
        t(report.signature ? V.signed : report.customerNotPresent ? V.notPresent : V.notSigned),
        t(V.reportQuestions, { phone: ctx.profile.phone }),
      ],
    },
    ctx.profile,
  );
  return {
    kind: "service-report",
    to: customer(booking),
    subject: oneLine(t(V.reportSubject, { service })),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: [...report.photos, ...(report.signature ? [{ filename: "signature.png", ...report.signature }] : [])],
  };
}
