import { formatMoney } from "../../contracts/common/money.ts";
import { PAYMENT_METHOD_LABELS, type Payment } from "../../contracts/invoices/invoice.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import type { InvoiceMail } from "../orders.ts";
import { businessInbox, type MailContext, oneLine, type RenderedMail, renderBody } from "./templates.ts";

const money = (cents: number) => formatMoney(centsToDollars(cents));
const day = (iso: string, ctx: Pick<MailContext, "profile">) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: ctx.profile.timeZone }).format(new Date(iso));
const attached = ({ invoice, pdf }: InvoiceMail) => [
  { filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf", base64: pdf },
];

/** The customer's invoice: what is owed and by when, with the PDF and the link to view and pay it. */
export function invoiceSent(mail: InvoiceMail, ctx: MailContext): RenderedMail {
  const { invoice, customer, url } = mail;
  const body = renderBody(
    `Hello ${oneLine(customer.firstName)},`,
    {
      paragraphs: [`Here is invoice ${invoice.number} from ${ctx.profile.name}. Thank you for your business.`],
      rows: [
        ["Invoice", invoice.number],
        ["Total", money(invoice.totalCents)],
        ["Paid", money(invoice.paidCents)],
        ["Balance due", money(invoice.balanceCents)],
        ["Due", day(invoice.dueAt, ctx)],
      ],
      link: { label: "View and pay your invoice", url },
      after: ["The invoice is attached as a PDF.", `Questions? Call us at ${ctx.profile.phone}.`],
    },
    ctx.profile,
  );
  return {
    kind: "invoice-sent",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(`Invoice ${invoice.number} from ${ctx.profile.name}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: attached(mail),
  };
}

/** A receipt for one payment, with what is still owed and the invoice as it now stands attached. */
export function paymentReceipt(mail: InvoiceMail, payment: Payment, ctx: MailContext): RenderedMail {
  const { invoice, customer, url } = mail;
  const method = PAYMENT_METHOD_LABELS[payment.method] + (payment.reference ? ` (${payment.reference})` : "");
  const body = renderBody(
    `Hello ${oneLine(customer.firstName)},`,
    {
      paragraphs: [`We received your payment of ${money(payment.amountCents)}. Thank you.`],
      rows: [
        ["Invoice", invoice.number],
        ["Paid", money(payment.amountCents)],
        ["Method", method],
        ["Date", day(payment.at, ctx)],
        ["Balance due", money(invoice.balanceCents)],
      ],
      link: { label: "View your invoice", url },
      after: [
        invoice.balanceCents === 0 ? "Your invoice is paid in full." : "The rest is due by the invoice's due date.",
        `Questions? Call us at ${ctx.profile.phone}.`,
      ],
    },
    ctx.profile,
  );
  return {
    kind: "payment-receipt",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(`Receipt: ${money(payment.amountCents)} for invoice ${invoice.number}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: attached(mail),
  };
}
