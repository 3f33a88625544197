import { formatMoney } from "../../contracts/common/money.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import { approvedOption } from "../../contracts/estimates/rules.ts";
import type { EstimateMail } from "../orders.ts";
import { defineMessages } from "../../contracts/i18n/messages.ts";
import { CUSTOMER_MAIL } from "./customer-messages.ts";
import {
  businessInbox,
  customerTr,
  type MailContext,
  momentDay,
  oneLine,
  type RenderedMail,
  renderBody,
  type Rows,
} from "./templates.ts";

const M = defineMessages({
  sentIntro: {
    id: "customer.mail.estimate.sent.intro",
    defaultMessage:
      "Here is estimate {number} from {business}{count, plural, =1 {.} other {, with # options to choose from.}}",
  },
  sentLink: { id: "customer.mail.estimate.sent.link", defaultMessage: "View, approve or decline your estimate" },
  validUntil: { id: "customer.mail.estimate.validUntil", defaultMessage: "The estimate is valid until {day}." },
  sentSubject: { id: "customer.mail.estimate.sent.subject", defaultMessage: "Your estimate {number} from {business}" },
  approvedOption: { id: "customer.mail.estimate.approvedOption", defaultMessage: "Approved option" },
  subtotal: { id: "customer.mail.estimate.subtotal", defaultMessage: "Subtotal" },
  total: { id: "customer.mail.estimate.total", defaultMessage: "Total" },
  depositDue: { id: "customer.mail.estimate.depositDue", defaultMessage: "Deposit due" },
  approvedIntro: {
    id: "customer.mail.estimate.approved.intro",
    defaultMessage: "Thank you: {name} approved estimate {number}. Here is your copy.",
  },
  approvedLink: { id: "customer.mail.estimate.approved.link", defaultMessage: "View your estimate" },
  approvedPdf: { id: "customer.mail.estimate.approved.pdf", defaultMessage: "The estimate is attached as a PDF." },
  approvedSubject: {
    id: "customer.mail.estimate.approved.subject",
    defaultMessage: "Approved: estimate {number} from {business}",
  },
});

const money = (cents: number) => formatMoney(centsToDollars(cents));

/** The customer's link to their estimate: each option's total, and where to approve or decline. */
export function estimateSent({ estimate, customer, url, locale }: EstimateMail, given: MailContext): RenderedMail {
  const ctx = { ...given, locale };
  const { t } = customerTr(ctx);
  const business = ctx.profile.name;
  const rows: Rows = estimate.options.map((o) => [o.title, money(o.totalCents)]);
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(customer.firstName) }),
    {
      paragraphs: [
        t(M.sentIntro, { number: estimate.number, business, count: estimate.options.length }),
        ...(estimate.message ? [estimate.message] : []),
      ],
      rows,
      link: { label: t(M.sentLink), url },
      after: [
        t(M.validUntil, { day: momentDay(estimate.expiresAt, ctx) }),
        t(CUSTOMER_MAIL.questions, { phone: ctx.profile.phone }),
      ],
    },
    ctx.profile,
  );
  return {
    kind: "estimate-sent",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(t(M.sentSubject, { number: estimate.number, business })),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

/** The customer's copy of what they approved, with the estimate's PDF attached. */
export function estimateApproved(
  { estimate, customer, url, locale }: EstimateMail,
  pdf: string,
  given: MailContext,
): RenderedMail {
  const ctx = { ...given, locale };
  const { t } = customerTr(ctx);
  const option = approvedOption(estimate);
  const rows: Rows = option
    ? [
        [t(M.approvedOption), option.title],
        ...option.lines.map((l): [string, string] => [`${l.quantity} × ${l.description}`, money(l.amountCents)]),
        [t(M.subtotal), money(option.subtotalCents)],
        // The business's own tax label, as it wrote it.
        [estimate.taxLabel, money(option.taxCents)],
        [t(M.total), money(option.totalCents)],
        ...(estimate.depositCents > 0 ? [[t(M.depositDue), money(estimate.depositCents)] as [string, string]] : []),
      ]
    : [];
  const signedBy = estimate.approval?.signedBy ?? customer.name;
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(customer.firstName) }),
    {
      paragraphs: [t(M.approvedIntro, { name: oneLine(signedBy), number: estimate.number })],
      rows,
      link: { label: t(M.approvedLink), url },
      after: [t(M.approvedPdf), t(CUSTOMER_MAIL.questions, { phone: ctx.profile.phone })],
    },
    ctx.profile,
  );
  return {
    kind: "estimate-approved",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(t(M.approvedSubject, { number: estimate.number, business: ctx.profile.name })),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: [{ filename: `estimate-${estimate.number}.pdf`, contentType: "application/pdf", base64: pdf }],
  };
}
