import { formatMoney } from "../../contracts/common/money.ts";
import type { Payment } from "../../contracts/invoices/invoice.ts";
import { defineMessages } from "../../contracts/i18n/messages.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DepositRefund, InvoiceMail, RefundMade } from "../orders.ts";
import { CUSTOMER_MAIL } from "./customer-messages.ts";
import {
  accountUrlOf,
  businessInbox,
  customer as customerOf,
  customerTr,
  type MailContext,
  momentDay,
  oneLine,
  type RenderedMail,
  renderBody,
  visitWhen,
} from "./templates.ts";

const M = defineMessages({
  invoice: { id: "customer.mail.invoice.invoice", defaultMessage: "Invoice" },
  total: { id: "customer.mail.invoice.total", defaultMessage: "Total" },
  paid: { id: "customer.mail.invoice.paid", defaultMessage: "Paid" },
  balance: { id: "customer.mail.invoice.balance", defaultMessage: "Balance due" },
  due: { id: "customer.mail.invoice.due", defaultMessage: "Due" },
  method: { id: "customer.mail.invoice.method", defaultMessage: "Method" },
  date: { id: "customer.mail.invoice.date", defaultMessage: "Date" },
  methodName: {
    id: "customer.mail.invoice.methodName",
    defaultMessage: "{method, select, cash {Cash} check {Check} card {Card} other {Online}}",
  },
  methodLower: {
    id: "customer.mail.invoice.methodLower",
    defaultMessage: "{method, select, cash {cash} check {check} card {card} other {online}}",
    description: "How a refund is given back, inside a sentence",
  },
  pdf: { id: "customer.mail.invoice.pdf", defaultMessage: "The invoice is attached as a PDF." },
  viewLink: { id: "customer.mail.invoice.viewLink", defaultMessage: "View your invoice" },
  sentIntro: {
    id: "customer.mail.invoice.sent.intro",
    defaultMessage: "Here is invoice {number} from {business}. Thank you for your business.",
  },
  sentLink: { id: "customer.mail.invoice.sent.link", defaultMessage: "View and pay your invoice" },
  sentSubject: { id: "customer.mail.invoice.sent.subject", defaultMessage: "Invoice {number} from {business}" },
  receiptIntro: {
    id: "customer.mail.receipt.intro",
    defaultMessage: "We received your payment of {amount}. Thank you.",
  },
  receiptPaidInFull: { id: "customer.mail.receipt.paidInFull", defaultMessage: "Your invoice is paid in full." },
  receiptRest: { id: "customer.mail.receipt.rest", defaultMessage: "The rest is due by the invoice's due date." },
  receiptSubject: { id: "customer.mail.receipt.subject", defaultMessage: "Receipt: {amount} for invoice {number}" },
  refundIntro: {
    id: "customer.mail.refund.intro",
    defaultMessage: "We refunded {amount} of your payment for invoice {number}.",
  },
  refundCard: {
    id: "customer.mail.refund.card",
    defaultMessage: "It goes back to the card you paid with; your bank may take 5 to 10 days to show it.",
  },
  refundBy: { id: "customer.mail.refund.by", defaultMessage: "It is given back by {method}." },
  refunded: { id: "customer.mail.refund.refunded", defaultMessage: "Refunded" },
  ofPayment: { id: "customer.mail.refund.ofPayment", defaultMessage: "Of the payment" },
  reason: { id: "customer.mail.refund.reason", defaultMessage: "Reason" },
  refundSubject: { id: "customer.mail.refund.subject", defaultMessage: "Refund: {amount} for invoice {number}" },
  depositRefundIntro: {
    id: "customer.mail.depositRefund.intro",
    defaultMessage: "Your appointment on {when} was cancelled, so we refunded your deposit of {amount}.",
  },
  deposit: { id: "customer.mail.depositRefund.deposit", defaultMessage: "Deposit" },
  depositRefundSubject: {
    id: "customer.mail.depositRefund.subject",
    defaultMessage: "Deposit refunded: {amount}",
  },
});

const money = (cents: number) => formatMoney(centsToDollars(cents));
const attached = ({ invoice, pdf }: InvoiceMail) => [
  { filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf", base64: pdf },
];

/** The customer's invoice: what is owed and by when, with the PDF and the link to view and pay it. */
export function invoiceSent(mail: InvoiceMail, given: MailContext): RenderedMail {
  const { invoice, customer, url } = mail;
  const ctx = { ...given, locale: mail.locale };
  const { t } = customerTr(ctx);
  const business = ctx.profile.name;
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(customer.firstName) }),
    {
      paragraphs: [t(M.sentIntro, { number: invoice.number, business })],
      rows: [
        [t(M.invoice), invoice.number],
        [t(M.total), money(invoice.totalCents)],
        [t(M.paid), money(invoice.paidCents)],
        [t(M.balance), money(invoice.balanceCents)],
        [t(M.due), momentDay(invoice.dueAt, ctx)],
      ],
      link: { label: t(M.sentLink), url },
      after: [t(M.pdf), t(CUSTOMER_MAIL.questions, { phone: ctx.profile.phone })],
    },
    ctx.profile,
  );
  return {
    kind: "invoice-sent",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(t(M.sentSubject, { number: invoice.number, business })),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: attached(mail),
  };
}

/** A receipt for one payment, with what is still owed and the invoice as it now stands attached. */
export function paymentReceipt(mail: InvoiceMail, payment: Payment, given: MailContext): RenderedMail {
  const { invoice, customer, url } = mail;
  const ctx = { ...given, locale: mail.locale };
  const { t } = customerTr(ctx);
  const method = t(M.methodName, { method: payment.method }) + (payment.reference ? ` (${payment.reference})` : "");
  const amount = money(payment.amountCents);
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(customer.firstName) }),
    {
      paragraphs: [t(M.receiptIntro, { amount })],
      rows: [
        [t(M.invoice), invoice.number],
        [t(M.paid), amount],
        [t(M.method), method],
        [t(M.date), momentDay(payment.at, ctx)],
        [t(M.balance), money(invoice.balanceCents)],
      ],
      link: { label: t(M.viewLink), url },
      after: [
        t(invoice.balanceCents === 0 ? M.receiptPaidInFull : M.receiptRest),
        t(CUSTOMER_MAIL.questions, { phone: ctx.profile.phone }),
      ],
    },
    ctx.profile,
  );
  return {
    kind: "payment-receipt",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(t(M.receiptSubject, { amount, number: invoice.number })),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: attached(mail),
  };
}

/** How a refund goes back: to the card for an online payment, else by the payment's own method. */
const howRefunded = (method: Payment["method"], t: ReturnType<typeof customerTr>["t"]) =>
  method === "online" ? t(M.refundCard) : t(M.refundBy, { method: t(M.methodLower, { method }) });

/** A receipt for a refund: how much goes back, how, why, and what the invoice now says. */
export function refundReceipt(mail: InvoiceMail, refund: RefundMade, given: MailContext): RenderedMail {
  const { invoice, customer, url } = mail;
  const { payment, amountCents, reason } = refund;
  const ctx = { ...given, locale: mail.locale };
  const { t } = customerTr(ctx);
  const amount = money(amountCents);
  const how = howRefunded(payment.method, t);
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(customer.firstName) }),
    {
      paragraphs: [t(M.refundIntro, { amount, number: invoice.number }), how],
      rows: [
        [t(M.invoice), invoice.number],
        [t(M.refunded), amount],
        [t(M.ofPayment), `${money(payment.amountCents)} (${t(M.methodName, { method: payment.method })})`],
        // The office's words, as it wrote them.
        [t(M.reason), oneLine(reason)],
        [t(M.balance), money(invoice.balanceCents)],
      ],
      link: { label: t(M.viewLink), url },
      after: [t(CUSTOMER_MAIL.questions, { phone: ctx.profile.phone })],
    },
    ctx.profile,
  );
  return {
    kind: "refund-receipt",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(t(M.refundSubject, { amount, number: invoice.number })),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: attached(mail),
  };
}

/**
 * The deposits of a cancelled job given back in full (decision 0090): how much, how each goes back, and the
 * customer's own page. No invoice was made for the job, so there is none to attach.
 */
export function depositRefundReceipt(
  booking: Booking,
  refunds: DepositRefund[],
  site: string,
  ctx: MailContext,
): RenderedMail {
  const { t } = customerTr(ctx);
  const amount = money(refunds.reduce((sum, r) => sum + r.amountCents, 0));
  const when = visitWhen(booking, ctx.profile.timeZone, ctx.locale);
  const body = renderBody(
    t(CUSTOMER_MAIL.greeting, { name: oneLine(booking.firstName) }),
    {
      paragraphs: [t(M.depositRefundIntro, { when, amount }), ...new Set(refunds.map((r) => howRefunded(r.method, t)))],
      rows: [
        ...refunds.map((r): [string, string] => [
          t(M.deposit),
          `${money(r.amountCents)} (${t(M.methodName, { method: r.method })})`,
        ]),
        [t(M.refunded), amount],
      ],
      after: [t(CUSTOMER_MAIL.questions, { phone: ctx.profile.phone })],
      footerLink: { label: t(CUSTOMER_MAIL.accountLink), url: accountUrlOf(site) },
    },
    ctx.profile,
  );
  return {
    kind: "deposit-refund-receipt",
    to: customerOf(booking),
    subject: oneLine(t(M.depositRefundSubject, { amount })),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}
