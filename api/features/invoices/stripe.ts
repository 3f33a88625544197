import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import type { DepositCheckoutRequest } from "../../contracts/estimates/estimate.ts";
import { BadRequest } from "../../errors.ts";
import { oneLineCheckout, stripeClient } from "../../platform/stripe-client.ts";
import { type SubscriptionEvent, subscriptionEventOf } from "../../platform/stripe-subscriptions.ts";

/** A paid Checkout Session, as the webhook reports it. */
export interface CompletedCheckout {
  eventId: string;
  sessionId: string;
  invoiceId: string | null;
  amountCents: number;
  /** The tip the session carried (its metadata), part of `amountCents`. */
  tipCents: number;
  /** A deposit's session: the estimate it approves (`invoiceId` is then null). */
  estimateId: string | null;
  paymentIntent: string;
}

/** What the invoices need of the payment provider: a Checkout Session, a refund, and a webhook's event checked. */
export interface PaymentProvider {
  checkout(input: {
    invoiceId: string;
    number: string;
    amountCents: number;
    /** A tip on top of the balance: its own line, named in the metadata. */
    tipCents: number;
    email: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  refund(paymentIntent: string, amountCents: number): Promise<string>;
  /** A Checkout Session for an estimate option's deposit (its metadata names the estimate). */
  depositCheckout(input: DepositCheckoutRequest): Promise<{ url: string; sessionId: string }>;
  /**
   * The event of a webhook delivery whose `Stripe-Signature` matches the raw body and is at most 5 minutes old; a
   * 400 otherwise. `completed` is set for a paid `checkout.session.completed` of an invoice, `subscription` for the
   * events of a plan's subscription, both null for any other event.
   */
  event(
    rawBody: string,
    signature: string,
  ): Promise<{ id: string; completed: CompletedCheckout | null; subscription: SubscriptionEvent | null }>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const BAD_SIGNATURE = "The webhook's signature does not match";

/** Stripe through its official client, at `apiBase` (Stripe's own, or a local peer in tests). */
export function stripeProvider(config: StripeConfig, stripe: Stripe = stripeClient(config)): PaymentProvider {
  const crypto = Stripe.createSubtleCryptoProvider();
  return {
    async checkout({ invoiceId, number, amountCents, tipCents, email, successUrl, cancelUrl }) {
      const metadata = { invoiceId, invoiceNumber: number, ...(tipCents > 0 ? { tipCents: String(tipCents) } : {}) };
      const line = (name: string, cents: number) => ({
        quantity: 1,
        price_data: { currency: "usd", unit_amount: cents, product_data: { name } },
      });
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        client_reference_id: invoiceId,
        customer_email: email,
        metadata,
        payment_intent_data: { metadata },
        line_items: [line(`Invoice ${number}`, amountCents), ...(tipCents > 0 ? [line("Tip", tipCents)] : [])],
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      return { url: session.url! };
    },
    async depositCheckout({ estimateId, optionId, number, amountCents, email, successUrl, cancelUrl }) {
      const session = await oneLineCheckout(stripe, {
        name: `Deposit, estimate ${number}`,
        amountCents,
        email,
        metadata: { estimateId, optionId, estimateNumber: number },
        successUrl,
        cancelUrl,
      });
      return { url: session.url!, sessionId: session.id };
    },
    async refund(paymentIntent, amountCents) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountCents });
      return refund.id;
    },
    async event(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          crypto,
        );
      } catch {
        throw new BadRequest(BAD_SIGNATURE);
      }
      const subscription = subscriptionEventOf(event);
      const none = { id: event.id, completed: null, subscription };
      if (event.type !== "checkout.session.completed" || subscription) return none;
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status !== "paid") return none;
      const intent = session.payment_intent;
      return {
        id: event.id,
        subscription: null,
        completed: {
          eventId: event.id,
          sessionId: session.id,
          invoiceId: session.client_reference_id ?? session.metadata?.invoiceId ?? null,
          estimateId: session.metadata?.estimateId ?? null,
          amountCents: session.amount_total ?? 0,
          tipCents: Math.max(0, Math.trunc(Number(session.metadata?.tipCents ?? 0)) || 0),
          paymentIntent: typeof intent === "string" ? intent : (intent?.id ?? ""),
        },
      };
    },
  };
}
