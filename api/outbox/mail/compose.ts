import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { onceUnlessFailed } from "../../platform/once.ts";
import type { BookingChange } from "../orders.ts";
import {
  bookingCancelled,
  bookingConfirmed,
  bookingRescheduled,
  bookingRestored,
  businessBookingChanged,
  type MailContext,
  type MailOrder,
  type RenderedMail,
  renderOrder,
} from "./templates.ts";

/** What the outbox keeps of a message: nodemailer's options, complete, so sending needs nothing else. */
export interface OutgoingMessage {
  from: string;
  to: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** `encoding: "base64"` for binary files (nodemailer decodes it): the message stays JSON in the outbox. */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
  headers?: Record<string, string>;
  /** Set when sent (channel.ts): one per outbox row, the same on a re-send. */
  messageId?: string;
}

/** A row's message ready to send: as written, or rendered now when the row names its e-mail (a `MailOrder`). */
export type Compose = (message: unknown) => Promise<OutgoingMessage>;

/** A row's message that names its e-mail instead of holding it. */
export type OrderMessage = { order: MailOrder };
const isOrder = (message: unknown): message is OrderMessage =>
  typeof message === "object" && message !== null && "order" in message;

export function toOutgoing(mail: RenderedMail, from: string): OutgoingMessage {
  const attachments: NonNullable<OutgoingMessage["attachments"]> = [
    ...(mail.ics
      ? [
          {
            filename: mail.ics.method === "CANCEL" ? "cancelled-appointment.ics" : "appointment.ics",
            content: mail.ics.content,
            contentType: `text/calendar; charset=utf-8; method=${mail.ics.method}`,
          },
        ]
      : []),
    ...(mail.files ?? []).map((file) => ({
      filename: file.filename,
      content: file.base64,
      contentType: file.contentType,
      encoding: "base64" as const,
    })),
  ];
  return {
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/**
 * The customer's e-mail about a change, and the business inbox's when the customer made it. `site`: the site's
 * address, which the manage links are on.
 */
export function mailsForChange(
  change: BookingChange,
  links: { site: string; manageUrl: (token: string) => string },
  ctx: MailContext,
) {
  const { manageUrl } = links;
  const { booking } = change;
  const byCustomer = change.by === "customer";
  // The business's copy stays English whatever the customer reads.
  const office: MailContext = { ...ctx, locale: "en" };
  switch (change.kind) {
    case "confirmed":
      return [
        bookingConfirmed(booking, manageUrl(change.manageToken), ctx),
        ...(byCustomer ? [businessBookingChanged(booking, "confirmed", null, office)] : []),
      ];
    case "rescheduled":
      return [
        bookingRescheduled(booking, change.previous, manageUrl(change.manageToken), ctx),
        ...(byCustomer ? [businessBookingChanged(booking, "rescheduled", change.previous, office)] : []),
      ];
    case "restored":
      return [bookingRestored(booking, manageUrl(change.manageToken), ctx)];
    case "cancelled":
      return [
        bookingCancelled(booking, links.site, ctx),
        ...(change.deleted
          ? [businessBookingChanged(booking, "deleted", null, office)]
          : byCustomer
            ? [businessBookingChanged(booking, "cancelled", null, office)]
            : []),
      ];
  }
}

/**
 * The worker's composer: rows that hold their message are sent as written; rows that name their e-mail are rendered
 * with the business as the settings hold it when they are sent. The profile is read once per batch, when its first
 * named e-mail needs it, rather than once per e-mail; a change in Settings shows from the next batch on.
 */
export function mailComposer(options: { from: string; profile: () => Promise<BusinessProfile>; now: () => Date }) {
  return (): Compose => {
    // A failed read is not kept: the batch's next e-mail asks again.
    const profile = onceUnlessFailed(options.profile);
    return async (message) => {
      if (!isOrder(message)) return message as OutgoingMessage;
      const mail = renderOrder(message.order, { profile: await profile(), now: options.now() });
      return toOutgoing(mail, options.from);
    };
  };
}
