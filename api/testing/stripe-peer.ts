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
}

/** Signs a payload the way Stripe signs its webhooks: `t=…,v1=` HMAC-SHA256 of `t.payload`. */
export function stripeSignature(payload: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/**
 * A local stand-in for Stripe's API (tests and e2e): it answers the calls the server makes through the official
 * client (create a Checkout Session, refund a payment), serves a one-button payment page at each session's URL, and
 * sends the server a `checkout.session.completed` event signed as Stripe signs them when the page is paid.
 */
export function startStripePeer(options: { webhookSecret: string; webhookUrl?: string }) {
  const sessions = new Map<string, PeerSession>();
  const refunds: { payment_intent: string; amount: number }[] = [];
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
      data: { object: { ...session, object: "checkout.session", payment_status: "paid", status: "complete" } },
    });

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
        amount_total:
          Number(form.get("line_items[0][price_data][unit_amount]")) *
          Number(form.get("line_items[0][quantity]") ?? "1"),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        client_reference_id: form.get("client_reference_id"),
        metadata,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        payment_intent: `pi_test_${n}`,
        customer_email: form.get("customer_email"),
      };
      sessions.set(id, session);
      return Response.json({ ...session, object: "checkout.session", url: `${url.origin}/pay/${id}` });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const refund = { payment_intent: form.get("payment_intent") ?? "", amount: Number(form.get("amount")) };
      refunds.push(refund);
      return Response.json({ id: `re_test_${++n}`, object: "refund", status: "succeeded", ...refund });
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
      return Response.redirect(session.success_url, 303);
    }
    return Response.json({ error: { message: `No such route: ${req.method} ${url.pathname}` } }, { status: 404 });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    origin,
    sessions,
    refunds,
    requests,
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    completedEvent,
    /** Sends a payload to the server's webhook, signed unless a signature is given. */
    send,
    close: () => server.shutdown(),
  };
}
