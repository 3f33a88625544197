import { createHmac } from "node:crypto";

/** A Checkout Session as the peer made it. */
export interface PeerSession {
  id: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string;
  customer_email: string | null;
  mode: "payment" | "subscription";
  /** A subscription session's recurring interval. */
  interval: "month" | "year" | null;
}

/** A subscription the peer made when a subscription session was paid. */
export interface PeerSubscription {
  id: string;
  customer: string;
  amount: number;
  interval: "month" | "year";
  metadata: Record<string, string>;
  status: "active" | "canceled";
  cancel_at_period_end: boolean;
  /** Seconds: the period under way. */
  current_period_start: number;
  current_period_end: number;
}

/** The end of a period that starts at `start` (seconds), a calendar month or year later. */
function periodEnd(start: number, interval: "month" | "year"): number {
  const d = new Date(start * 1000);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

/** The sum of a Checkout Session's line items (an invoice's balance, and a tip when there is one). */
function lineItemsTotal(form: URLSearchParams): number {
  let total = 0;
  for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
    total +=
      Number(form.get(`line_items[${i}][price_data][unit_amount]`)) *
      Number(form.get(`line_items[${i}][quantity]`) ?? "1");
  }
  return total;
}

/** The configuration that points the API at a Stripe peer, signing its webhooks with `webhookSecret`. */
export const stripeEnv = (peer: { origin: string }, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: "sk_test_local",
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: peer.origin,
});

/** Signs a payload the way Stripe signs its webhooks: `t=…,v1=` HMAC-SHA256 of `t.payload`. */
export function stripeSignature(payload: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/**
 * A local stand-in for Stripe's API (tests and e2e): it answers the calls the server makes through the official
 * client (create a Checkout Session, refund a payment; a subscription's update, cancel and read, a Billing Portal
 * session), serves a one-button payment page at each session's URL, and sends the server a
 * `checkout.session.completed` event signed as Stripe signs them when the page is paid (a subscription session: then
 * the first period's `invoice.paid`). The events of a subscription's life are built by `invoicePaidEvent`,
 * `invoiceFailedEvent` and `subscriptionDeletedEvent` and sent with `send`.
 */
export function startStripePeer(options: { webhookSecret: string; webhookUrl?: string }) {
  const sessions = new Map<string, PeerSession>();
  const subscriptions = new Map<string, PeerSubscription>();
  const portalSessions: { customer: string; return_url: string }[] = [];
  const refunds: { payment_intent: string; amount: number }[] = [];
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const requests: { method: string; path: string; form: URLSearchParams }[] = [];
  let webhookUrl = options.webhookUrl ?? "";
  let n = 0;

  /** The event Stripe sends when a session is paid. */
  const completedEvent = (session: PeerSession, eventId = `evt_${++n}`) =>
    JSON.stringify({
      id: eventId,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...session,
          object: "checkout.session",
          payment_status: "paid",
          status: "complete",
          ...(session.mode === "subscription"
            ? {
                payment_intent: null,
                subscription: subscriptionOf(session).id,
                customer: subscriptionOf(session).customer,
              }
            : {}),
        },
      },
    });

  /** The subscription a subscription session made when paid (made at first ask). */
  const subscriptionOf = (session: PeerSession): PeerSubscription => {
    const existing = [...subscriptions.values()].find((s) => s.metadata["fromSession"] === session.id);
    if (existing) return existing;
    const start = Math.floor(Date.now() / 1000);
    const made: PeerSubscription = {
      id: `sub_test_${++n}`,
      customer: `cus_test_${++n}`,
      amount: session.amount_total,
      interval: session.interval ?? "month",
      metadata: { ...session.metadata, fromSession: session.id },
      status: "active",
      cancel_at_period_end: false,
      current_period_start: start,
      current_period_end: periodEnd(start, session.interval ?? "month"),
    };
    subscriptions.set(made.id, made);
    return made;
  };

  const event = (type: string, object: Record<string, unknown>, eventId = `evt_${++n}`) =>
    JSON.stringify({ id: eventId, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const invoiceObject = (sub: PeerSubscription, period: { start: number; end: number }, paid: boolean) => ({
    id: `in_test_${++n}`,
    object: "invoice",
    customer: sub.customer,
    amount_due: sub.amount,
    amount_paid: paid ? sub.amount : 0,
    status: paid ? "paid" : "open",
    payment_intent: paid ? `pi_test_${++n}` : null,
    period_start: period.start,
    period_end: period.end,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: { object: "list", data: [{ object: "line_item", amount: sub.amount, period }] },
  });
  /** `invoice.paid` for a period of the subscription (the one under way unless given). */
  const invoicePaidEvent = (subscriptionId: string, period?: { start: number; end: number }, eventId?: string) => {
    const sub = subscriptions.get(subscriptionId)!;
    const p = period ?? { start: sub.current_period_start, end: sub.current_period_end };
    return event("invoice.paid", invoiceObject(sub, p, true), eventId);
  };
  /** `invoice.payment_failed` for the period after the one under way. */
  const invoiceFailedEvent = (subscriptionId: string, eventId?: string) => {
    const sub = subscriptions.get(subscriptionId)!;
    const next = { start: sub.current_period_end, end: periodEnd(sub.current_period_end, sub.interval) };
    return event("invoice.payment_failed", invoiceObject(sub, next, false), eventId);
  };
  /** `customer.subscription.deleted`: the subscription ended (at its period's end, or at once). */
  const subscriptionDeletedEvent = (subscriptionId: string, eventId?: string) => {
    const sub = subscriptions.get(subscriptionId)!;
    sub.status = "canceled";
    return event("customer.subscription.deleted", { ...sub, object: "subscription", status: "canceled" }, eventId);
  };

  const send = async (payload: string, signature = stripeSignature(payload, options.webhookSecret)) =>
    await fetch(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const form = new URLSearchParams(req.method === "POST" ? await req.text() : "");
    requests.push({ method: req.method, path: url.pathname, form });
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${++n}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const session: PeerSession = {
        id,
        amount_total: lineItemsTotal(form),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        client_reference_id: form.get("client_reference_id"),
        metadata,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        payment_intent: `pi_test_${n}`,
        customer_email: form.get("customer_email"),
        mode: form.get("mode") === "subscription" ? "subscription" : "payment",
        interval: (form.get("line_items[0][price_data][recurring][interval]") as "month" | "year" | null) ?? null,
      };
      sessions.set(id, session);
      return Response.json({ ...session, object: "checkout.session", url: `${url.origin}/pay/${id}` });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      // As Stripe does: a request again under the same Idempotency-Key answers the first refund, making none.
      const key = req.headers.get("Idempotency-Key");
      const earlier = key ? refundsByKey.get(key) : undefined;
      if (earlier) return Response.json(earlier);
      const refund = { payment_intent: form.get("payment_intent") ?? "", amount: Number(form.get("amount")) };
      refunds.push(refund);
      const answer = { id: `re_test_${++n}`, object: "refund", status: "succeeded", ...refund };
      if (key) refundsByKey.set(key, answer);
      return Response.json(answer);
    }
    const sub = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
    const subscription = sub ? subscriptions.get(sub[1]!) : undefined;
    if (sub && !subscription) {
      return Response.json({ error: { message: `No such subscription: ${sub[1]}` } }, { status: 404 });
    }
    if (subscription && req.method === "GET") {
      return Response.json({
        ...subscription,
        object: "subscription",
        default_payment_method: [...url.searchParams.values()].includes("default_payment_method")
          ? { id: "pm_test_card", object: "payment_method", type: "card", card: { brand: "visa", last4: "4242" } }
          : "pm_test_card",
      });
    }
    if (subscription && req.method === "POST") {
      if (form.get("cancel_at_period_end") !== null) {
        subscription.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
      }
      return Response.json({ ...subscription, object: "subscription" });
    }
    if (subscription && req.method === "DELETE") {
      subscription.status = "canceled";
      return Response.json({ ...subscription, object: "subscription" });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const portal = { customer: form.get("customer") ?? "", return_url: form.get("return_url") ?? "" };
      portalSessions.push(portal);
      const id = `bps_test_${++n}`;
      return Response.json({ id, object: "billing_portal.session", ...portal, url: `${url.origin}/portal/${id}` });
    }
    const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
    const session = pay ? sessions.get(pay[1]!) : undefined;
    if (session && req.method === "GET") {
      const amount = (session.amount_total / 100).toFixed(2);
      return new Response(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>Test Checkout</title>` +
          `<h1>Test Checkout</h1><p>Pay $${amount}</p><form method="post"><button>Pay $${amount}</button></form>`,
        { headers: { "Content-Type": "text/html" } },
      );
    }
    if (session && req.method === "POST") {
      const answer = await send(completedEvent(session));
      await answer.body?.cancel();
      if (session.mode === "subscription") {
        const paid = await send(invoicePaidEvent(subscriptionOf(session).id));
        await paid.body?.cancel();
      }
      return Response.redirect(session.success_url, 303);
    }
    return Response.json({ error: { message: `No such route: ${req.method} ${url.pathname}` } }, { status: 404 });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    origin,
    sessions,
    subscriptions,
    portalSessions,
    refunds,
    requests,
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    completedEvent,
    /** The subscription a paid subscription session made (made now if the page was not paid). */
    subscriptionOf,
    invoicePaidEvent,
    invoiceFailedEvent,
    subscriptionDeletedEvent,
    /** Sends a payload to the server's webhook, signed unless a signature is given. */
    send,
    close: () => server.shutdown(),
  };
}
