import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import { BadRequest } from "../../errors.ts";

/** A paid Checkout Session, as the webhook reports it. */
export interface CompletedCheckout {
  eventId: string;
  sessionId: string;
  invoiceId: string | null;
  amountCents: number;
  paymentIntent: string;
}

/** What the invoices need of the payment provider: a Checkout Session, a refund, and a webhook's event checked. */
export interface PaymentProvider {
  checkout(input: {
    invoiceId: string;
    number: string;
    amountCents: number;
    email: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  refund(paymentIntent: string, amountCents: number): Promise<string>;
  /**
   * The event of a webhook delivery whose `Stripe-Signature` matches the raw body and is at most 5 minutes old; a
   * 400 otherwise. `completed` is set for a paid `checkout.session.completed`, null for any other event.
   */
  event(rawBody: string, signature: string): Promise<{ id: string; completed: CompletedCheckout | null }>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const BAD_SIGNATURE = "The webhook's signature does not match";

/** Stripe through its official client, at `apiBase` (Stripe's own, or a local peer in tests). */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    port: Number(base.port || (protocol === "http" ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const crypto = Stripe.createSubtleCryptoProvider();
  return {
    async checkout({ invoiceId, number, amountCents, email, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        client_reference_id: invoiceId,
        customer_email: email,
        metadata: { invoiceId, invoiceNumber: number },
        payment_intent_data: { metadata: { invoiceId, invoiceNumber: number } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "usd", unit_amount: amountCents, product_data: { name: `Invoice ${number}` } },
          },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      return { url: session.url! };
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
      if (event.type !== "checkout.session.completed") return { id: event.id, completed: null };
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status !== "paid") return { id: event.id, completed: null };
      const intent = session.payment_intent;
      return {
        id: event.id,
        completed: {
          eventId: event.id,
          sessionId: session.id,
          invoiceId: session.client_reference_id ?? session.metadata?.invoiceId ?? null,
          amountCents: session.amount_total ?? 0,
          paymentIntent: typeof intent === "string" ? intent : (intent?.id ?? ""),
        },
      };
    },
  };
}
