import type Stripe from "stripe";
import { oneLineCheckout } from "./stripe-client.ts";

/** A subscription's event, as the memberships read it (verified by the webhook before it is parsed). */
export type SubscriptionEvent =
  | {
      type: "started";
      sessionId: string;
      membershipId: string;
      subscriptionId: string;
      customerId: string;
    }
  | {
      type: "paid";
      invoiceId: string;
      subscriptionId: string;
      amountCents: number;
      paymentIntent: string;
      /** ISO days of the period the invoice pays. */
      periodStart: string;
      periodEnd: string;
    }
  | { type: "failed"; invoiceId: string; subscriptionId: string; customerId: string }
  /** A plan invoice of a membership billed by invoice, paid by the customer through a Checkout Session. */
  | { type: "invoice-paid"; planInvoiceId: string; amountCents: number; paymentIntent: string }
  | { type: "deleted"; subscriptionId: string };

const idOf = (value: unknown): string =>
  typeof value === "string" ? value : ((value as { id?: string } | null)?.id ?? "");
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The subscription an invoice belongs to, in the API's newer shape (parent) or its older one. */
function invoiceSubscription(invoice: Stripe.Invoice): string {
  const older = (invoice as unknown as { subscription?: unknown }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? older);
}

/** The period an invoice pays: its first line's, else the invoice's own. */
function invoicePeriod(invoice: Stripe.Invoice): { start: number; end: number } {
  const line = invoice.lines?.data?.[0]?.period;
  return line ?? { start: invoice.period_start, end: invoice.period_end };
}

/** The event as a subscription's, or null when it is none of the four the memberships follow. */
export function subscriptionEventOf(event: Stripe.Event): SubscriptionEvent | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const planInvoiceId = session.metadata?.planInvoiceId ?? "";
      if (session.mode === "payment" && planInvoiceId && session.payment_status === "paid") {
        return {
          type: "invoice-paid",
          planInvoiceId,
          amountCents: session.amount_total ?? 0,
          paymentIntent: idOf(session.payment_intent),
        };
      }
      if (session.mode !== "subscription") return null;
      const membershipId = session.client_reference_id ?? session.metadata?.membershipId ?? "";
      if (!membershipId) return null;
      return {
        type: "started",
        sessionId: session.id,
        membershipId,
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
      };
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId) return null;
      const period = invoicePeriod(invoice);
      const intent = (invoice as unknown as { payment_intent?: unknown }).payment_intent;
      return {
        type: "paid",
        invoiceId: invoice.id ?? "",
        subscriptionId,
        amountCents: invoice.amount_paid,
        paymentIntent: idOf(intent),
        periodStart: dayOf(period.start),
        periodEnd: dayOf(period.end),
      };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId) return null;
      return { type: "failed", invoiceId: invoice.id ?? "", subscriptionId, customerId: idOf(invoice.customer) };
    }
    case "customer.subscription.deleted":
      return { type: "deleted", subscriptionId: event.data.object.id };
    default:
      return null;
  }
}

/** What the memberships need of the provider besides its events. */
export interface SubscriptionProvider {
  /** A Checkout Session in subscription mode at the plan's price, recurring each period. */
  checkout(input: {
    membershipId: string;
    planName: string;
    priceCents: number;
    period: "month" | "year";
    email: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** A Checkout Session in payment mode for what a plan invoice still asks (its metadata names the invoice). */
  invoiceCheckout(input: {
    planInvoiceId: string;
    number: string;
    planName: string;
    amountCents: number;
    email: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  /** Cancel at the end of the period (true), or at once (false). */
  cancel(subscriptionId: string, atPeriodEnd: boolean): Promise<void>;
  /** A Billing Portal session's link, where the customer updates their card. */
  portal(customerId: string, returnUrl: string): Promise<string>;
  /** The card on file of a subscription, as the provider tells it. */
  card(subscriptionId: string): Promise<{ brand: string; last4: string } | null>;
  /** Gives back part of a period's payment; the same key again is the same refund (the provider's idempotency). */
  refund(paymentIntent: string, amountCents: number, idempotencyKey: string): Promise<string>;
}

export function stripeSubscriptions(stripe: Stripe): SubscriptionProvider {
  return {
    async checkout({ membershipId, planName, priceCents, period, email, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        client_reference_id: membershipId,
        customer_email: email,
        metadata: { membershipId },
        subscription_data: { metadata: { membershipId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: priceCents,
              recurring: { interval: period },
              product_data: { name: planName },
            },
          },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      return { id: session.id, url: session.url! };
    },
    async invoiceCheckout({ planInvoiceId, number, planName, amountCents, email, successUrl, cancelUrl }) {
      const session = await oneLineCheckout(stripe, {
        name: `${planName}, invoice ${number}`,
        amountCents,
        email,
        metadata: { planInvoiceId, invoiceNumber: number },
        successUrl,
        cancelUrl,
      });
      return { url: session.url! };
    },
    async cancel(subscriptionId, atPeriodEnd) {
      if (atPeriodEnd) await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      else await stripe.subscriptions.cancel(subscriptionId);
    },
    async portal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async card(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
        expand: ["default_payment_method"],
      });
      const method = subscription.default_payment_method;
      if (!method || typeof method === "string" || !method.card) return null;
      return { brand: method.card.brand, last4: method.card.last4 };
    },
    async refund(paymentIntent, amountCents, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents },
        { idempotencyKey },
      );
      return refund.id;
    },
  };
}
