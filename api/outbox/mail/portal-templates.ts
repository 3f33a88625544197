import type { Booking } from "../../contracts/bookings/booking.ts";
import { firstNameOf } from "../../contracts/portal/portal.ts";
import { defineMessages } from "../../contracts/i18n/messages.ts";
import {
  businessInbox,
  customer,
  customerTr,
  type MailContext,
  oneLine,
  type RenderedMail,
  renderBody,
  customerService,
  visitWhen,
} from "./templates.ts";
import { CUSTOMER_MAIL, VISIT_MAIL as V } from "./customer-messages.ts";
import { clockIn } from "../../i18n/times.ts";

const M = defineMessages({
  signInHello: { id: "customer.mail.signIn.hello", defaultMessage: "Hello," },
  signInIntro: {
    id: "customer.mail.signIn.intro",
    defaultMessage:
      "Here is your link to sign in to your page at {business}: your visits, service reports, estimates and invoices.",
  },
  signInUntil: { id: "customer.mail.signIn.until", defaultMessage: "The link works once, until {time}." },
  signInLink: { id: "customer.mail.signIn.link", defaultMessage: "Sign in" },
  signInIgnore: {
    id: "customer.mail.signIn.ignore",
    defaultMessage: "If you did not ask for this link, you can ignore this e-mail: nobody can sign in without it.",
  },
  signInSubject: { id: "customer.mail.signIn.subject", defaultMessage: "Your sign-in link for {business}" },
});

/** The customer's sign-in link to their own page: no name (only the address is known), nothing about bookings. */
export function portalSignIn(link: { email: string; url: string; expiresAt: Date }, ctx: MailContext): RenderedMail {
  const { t } = customerTr(ctx);
  const until = clockIn(ctx.locale ?? "en", link.expiresAt, ctx.profile.timeZone);
  const business = ctx.profile.name;
  const body = renderBody(
    t(M.signInHello),
    {
      paragraphs: [t(M.signInIntro, { business }), t(M.signInUntil, { time: until })],
      rows: [],
      link: { label: t(M.signInLink), url: link.url },
      after: [t(M.signInIgnore)],
    },
    ctx.profile,
  );
  return {
    kind: "portal-sign-in",
    to: { name: "", address: link.email },
    subject: oneLine(t(M.signInSubject, { business })),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

/** "How did we do?": five links, one per number of stars, each a one-time rating of this visit. */
export function ratingRequest(
  booking: Booking,
  rating: { urlFor: (stars: number) => string },
  ctx: MailContext,
): RenderedMail {
  const { t } = customerTr(ctx);
  const technician = firstNameOf(booking.technicianName);
  const service = customerService(booking, ctx);
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(booking.firstName) }),
    {
      paragraphs: [
        t(V.ratingIntro, {
          business: ctx.profile.name,
          who: technician ? oneLine(technician) : t(V.ratingWe),
          service,
          when: visitWhen(booking, ctx.profile.timeZone, ctx.locale),
        }),
        t(V.ratingTap),
      ],
      rows: [],
      links: [5, 4, 3, 2, 1].map((stars) => ({
        label: `${"★".repeat(stars)}${"☆".repeat(5 - stars)}  ${t(V.ratingStars, { stars })}`,
        url: rating.urlFor(stars),
      })),
      after: [t(V.ratingWrong, { phone: ctx.profile.phone })],
    },
    ctx.profile,
  );
  return {
    kind: "rating-request",
    to: customer(booking),
    subject: oneLine(t(V.ratingSubject, { service })),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}
