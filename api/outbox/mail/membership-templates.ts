import { formatMoney } from "../../contracts/common/money.ts";
import { defineMessages } from "../../contracts/i18n/messages.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import type { MembershipMail } from "../orders.ts";
import { CUSTOMER_MAIL } from "./customer-messages.ts";
import {
  businessInbox,
  calendarDay,
  customerTr,
  type MailContext,
  oneLine,
  type RenderedMail,
  renderBody,
} from "./templates.ts";

const M = defineMessages({
  joinSubject: { id: "customer.mail.membership.join.subject", defaultMessage: "Join {plan} at {business}" },
  joinIntro: {
    id: "customer.mail.membership.join.intro",
    defaultMessage:
      "You are invited to {plan}. Pay by card on the secure page below to start your membership: it renews on its own, and you can cancel at the end of any period.",
  },
  joinLink: { id: "customer.mail.membership.join.link", defaultMessage: "Join and pay by card" },
  receiptSubject: { id: "customer.mail.membership.receipt.subject", defaultMessage: "Receipt for {plan}: {number}" },
  receiptIntro: {
    id: "customer.mail.membership.receipt.intro",
    defaultMessage: "Thank you: we received your payment for {plan}.",
  },
  invoice: { id: "customer.mail.membership.invoice", defaultMessage: "Invoice" },
  amountPaid: { id: "customer.mail.membership.amountPaid", defaultMessage: "Amount paid" },
  period: { id: "customer.mail.membership.period", defaultMessage: "Period" },
  periodDays: { id: "customer.mail.membership.periodDays", defaultMessage: "{start} to {end}" },
  receiptLink: { id: "customer.mail.membership.receipt.link", defaultMessage: "Your page" },
  billedSubject: {
    id: "customer.mail.membership.billed.subject",
    defaultMessage: "Invoice {number} for {plan}",
  },
  billedIntro: {
    id: "customer.mail.membership.billed.intro",
    defaultMessage: "Here is invoice {number} for the next period of {plan}.",
  },
  billedHowOnline: {
    id: "customer.mail.membership.billed.howOnline",
    defaultMessage:
      "Pay it by card on your page, or by cash or check, to the office or at your next visit. Questions? Call us at {phone}.",
  },
  billedHow: {
    id: "customer.mail.membership.billed.how",
    defaultMessage:
      "Please pay it by cash or check, to the office or at your next visit. Questions? Call us at {phone}.",
    description: "A plan billed by invoice is paid by cash or check (no card on file)",
  },
  amountDue: { id: "customer.mail.membership.amountDue", defaultMessage: "Amount due" },
  pastDueSubject: {
    id: "customer.mail.membership.pastDue.subject",
    defaultMessage: "Your {plan} renewal did not go through",
  },
  pastDueIntro: {
    id: "customer.mail.membership.pastDue.intro",
    defaultMessage:
      "We could not charge your card for {plan}. Please update your card on the secure page below: your membership stays on while you do.",
  },
  pastDueLink: { id: "customer.mail.membership.pastDue.link", defaultMessage: "Update your card" },
  visitSubject: {
    id: "customer.mail.membership.visit.subject",
    defaultMessage: "Time for your {service} — pick a time",
  },
  visitIntro: {
    id: "customer.mail.membership.visit.intro",
    defaultMessage: "Time for your {service} — pick a time. It is included in {plan} and due on {day}.",
  },
  visitLink: { id: "customer.mail.membership.visit.link", defaultMessage: "Pick a time" },
});

const money = (cents: number) => formatMoney(centsToDollars(cents));
const firstName = (name: string) => oneLine(name.split(/\s+/)[0] ?? "");

/** A plan invoice's rows: its number, its amount (paid or due, as `amountLabel` says) and its period. */
function invoiceRows(
  invoice: NonNullable<MembershipMail["invoice"]>,
  amountLabel: string,
  ctx: MailContext,
): [string, string][] {
  const { t } = customerTr(ctx);
  const period = { start: calendarDay(invoice.periodStart, ctx), end: calendarDay(invoice.periodEnd, ctx) };
  return [
    [t(M.invoice), invoice.number],
    [amountLabel, money(invoice.amountCents)],
    [t(M.period), t(M.periodDays, period)],
  ];
}

/** What each membership e-mail says: its subject, its paragraphs, its rows and its one link. */
function parts(mail: MembershipMail, ctx: MailContext) {
  const { t } = customerTr(ctx);
  const plan = oneLine(mail.planName);
  const business = ctx.profile.name;
  switch (mail.template) {
    case "join":
      return {
        kind: "membership-join" as const,
        subject: t(M.joinSubject, { plan, business }),
        paragraphs: [t(M.joinIntro, { plan })],
        rows: [] as [string, string][],
        label: t(M.joinLink),
      };
    case "receipt": {
      const invoice = mail.invoice!;
      return {
        kind: "membership-receipt" as const,
        subject: t(M.receiptSubject, { plan, number: invoice.number }),
        paragraphs: [t(M.receiptIntro, { plan })],
        rows: invoiceRows(invoice, t(M.amountPaid), ctx),
        label: t(M.receiptLink),
      };
    }
    case "invoice": {
      const invoice = mail.invoice!;
      return {
        kind: "membership-invoice" as const,
        subject: t(M.billedSubject, { plan, number: invoice.number }),
        paragraphs: [
          t(M.billedIntro, { plan, number: invoice.number }),
          t(mail.payOnline ? M.billedHowOnline : M.billedHow, { phone: ctx.profile.phone }),
        ],
        rows: invoiceRows(invoice, t(M.amountDue), ctx),
        label: t(M.receiptLink),
      };
    }
    case "past-due":
      return {
        kind: "membership-past-due" as const,
        subject: t(M.pastDueSubject, { plan }),
        paragraphs: [t(M.pastDueIntro, { plan })],
        rows: [] as [string, string][],
        label: t(M.pastDueLink),
      };
    case "visit-due": {
      const visit = mail.visit!;
      const service = oneLine(visit.serviceTitle);
      return {
        kind: "plan-visit-due" as const,
        subject: t(M.visitSubject, { service }),
        paragraphs: [t(M.visitIntro, { service, plan, day: calendarDay(visit.dueDate, ctx) })],
        rows: [] as [string, string][],
        label: t(M.visitLink),
      };
    }
  }
}

/** A membership's e-mail to its customer, rendered when it is ordered. */
export function membershipMail(mail: MembershipMail, given: MailContext): RenderedMail {
  const ctx = { ...given, locale: mail.locale };
  const p = parts(mail, ctx);
  const body = renderBody(
    customerTr(ctx).t(CUSTOMER_MAIL.greeting, { name: firstName(mail.customer.name) }),
    { paragraphs: p.paragraphs, rows: p.rows, link: { label: p.label, url: mail.url }, after: [] },
    ctx.profile,
  );
  return {
    kind: p.kind,
    to: { name: mail.customer.name, address: mail.customer.email },
    subject: oneLine(p.subject),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}
