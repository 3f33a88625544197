import { formatMoney } from "../../contracts/common/money.ts";
import type { Payment } from "../../contracts/invoices/invoice.ts";
import { defineMessages } from "../../contracts/i18n/messages.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import type { InvoiceMail, RefundMade } from "../orders.ts";
import { CUSTOMER_MAIL } from "./customer-messages.ts";
import {
  businessInbox,
  customerTr,
  type MailContext,
  momentDay,
  oneLine,
  type RenderedMail,
  renderBody,
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

/** A receipt for a refund: how much goes back, how, why, and what the invoice now says. */
export function refundReceipt(mail: InvoiceMail, refund: RefundMade, given: MailContext): RenderedMail {
  const { invoice, customer, url } = mail;
  const { payment, amountCents, reason } = refund;
  const ctx = { ...given, locale: mail.locale };
  const { t } = customerTr(ctx);
  const amount = money(amountCents);
  const how =
    payment.method === "online"
      ? t(M.refundCard)
      : t(M.refundBy, { method: t(M.methodLower, { method: payment.method }) });
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
