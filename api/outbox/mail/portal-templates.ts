import type { Booking } from "../../contracts/bookings/booking.ts";
import { firstNameOf } from "../../contracts/portal/portal.ts";
import {
  businessInbox,
  customer,
  type MailContext,
  oneLine,
  type RenderedMail,
  renderBody,
  serviceName,
  visitWhen,
} from "./templates.ts";

/** The customer's sign-in link to their own page: no name (only the address is known), nothing about bookings. */
export function portalSignIn(link: { email: string; url: string; expiresAt: Date }, ctx: MailContext): RenderedMail {
  const until = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: ctx.profile.timeZone }).format(
    link.expiresAt,
  );
  const body = renderBody(
    "Hello,",
    {
      paragraphs: [
        `Here is your link to sign in to your page at ${ctx.profile.name}: your visits, service reports, estimates and invoices.`,
        `The link works once, until ${until}.`,
      ],
      rows: [],
      link: { label: "Sign in", url: link.url },
      after: ["If you did not ask for this link, you can ignore this e-mail: nobody can sign in without it."],
    },
    ctx.profile,
  );
  return {
    kind: "portal-sign-in",
    to: { name: "", address: link.email },
    subject: oneLine(`Your sign-in link for ${ctx.profile.name}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

const STAR_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"];

/** "How did we do?": five links, one per number of stars, each a one-time rating of this visit. */
export function ratingRequest(
  booking: Booking,
  rating: { urlFor: (stars: number) => string },
  ctx: MailContext,
): RenderedMail {
  const technician = firstNameOf(booking.technicianName);
  const body = renderBody(
    `Hello ${oneLine(booking.firstName)},`,
    {
      paragraphs: [
        `Thank you for choosing ${ctx.profile.name}. How did ${technician ? oneLine(technician) : "we"} do on your ` +
          `${serviceName(booking, ctx)} of ${visitWhen(booking, ctx.profile.timeZone)}?`,
        "Tap a rating: it takes one tap, and you can add a comment if you like.",
      ],
      rows: [],
      links: [5, 4, 3, 2, 1].map((stars) => ({
        label: `${"★".repeat(stars)}${"☆".repeat(5 - stars)}  ${STAR_WORDS[stars - 1]}`,
        url: rating.urlFor(stars),
      })),
      after: [`Something not right? Call us at ${ctx.profile.phone} and we will make it right.`],
    },
    ctx.profile,
  );
  return {
    kind: "rating-request",
    to: customer(booking),
    subject: oneLine(`How did we do? Your ${serviceName(booking, ctx)}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}
