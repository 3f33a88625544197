/**
 * A local stand-in for Twilio's Messages API (API tests and e2e). The server speaks to it through the official
 * client (TWILIO_API_BASE = the peer's origin); the peer calls the server's webhooks as Twilio does, each request
 * signed with X-Twilio-Signature by the twilio package's own getExpectedTwilioSignature (HMAC-SHA1 of the URL and the
 * sorted parameters, base64, with the auth token).
 *
 * Twilio's side:
 *   POST /2010-04-01/Accounts/{AccountSid}/Messages.json   form-encoded, HTTP Basic (AccountSid:AuthToken)
 *     201 { sid, status: "queued", num_segments, to, from, body, ... }
 *     400 { code: 21211, message, more_info, status: 400 }  a number marked invalid (POST /_peer/invalid)
 *     400 { code: 21610, message, more_info, status: 400 }  a number that replied STOP (POST /_peer/unsubscribed)
 *     401 { code: 20003 }                                   wrong credentials
 *     500                                                   once per POST /_peer/fail-next (a Twilio outage)
 *   With `autoDeliver` (the e2e default), each accepted text's StatusCallback is then called with "sent", then
 *   "delivered".
 *
 * The control API, for tests and e2e (JSON in and out):
 *   GET  /_peer/messages                     every text received, oldest first: { sid, to, from, body, status,
 *                                            numSegments, statusCallback }[]
 *   POST /_peer/inbound {from, body, to?}    the customer texts us: posted, signed, to the server's inbound webhook;
 *                                            answers { sid, status } (the webhook's HTTP status)
 *   POST /_peer/status {sid, status, errorCode?}  calls that text's StatusCallback with the state (and ErrorCode)
 *   POST /_peer/invalid {number}             texts to it answer 21211 from now on
 *   POST /_peer/unsubscribed {number}        texts to it answer 21610 from now on
 *   POST /_peer/fail-next                    the next Messages POST answers 500
 *   POST /_peer/reset                        forgets every text and every marked number
 */
import twilio from "twilio";

export interface PeerText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: string;
  numSegments: number;
  statusCallback: string | null;
}

export interface TwilioPeerOptions {
  accountSid: string;
  authToken: string;
  /** Our number, the To of inbound texts. */
  number?: string;
  /** The server's inbound webhook as configured at Twilio: PUBLIC_URL + /api/webhooks/twilio/sms. */
  inboundUrl: string;
  /** Call each accepted text's StatusCallback with "sent" then "delivered" (e2e). */
  autoDeliver?: boolean;
  /** How a webhook is posted; fetch by default. Tests hand it to the app in memory. */
  post?: (url: string, init: RequestInit) => Promise<Response>;
}

const hex = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n / 2)), (b) => b.toString(16).padStart(2, "0")).join("");

/** Twilio's own count of a body's segments (GSM-7 160/153, else UCS-2 70/67), as its API answers it. */
function segmentsOf(body: string): number {
  // The peer counts as Twilio does without taking the app's own counting on trust.
  const gsm = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/.test(
    body,
  );
  const units = gsm ? [...body].reduce((n, ch) => n + ("^{}\\[~]|€".includes(ch) ? 2 : 1), 0) : body.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return units <= single ? 1 : Math.ceil(units / multi);
}

const twilioError = (status: number, code: number, message: string) =>
  Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });

export function startTwilioPeer(options: TwilioPeerOptions) {
  const texts: PeerText[] = [];
  const invalid = new Set<string>();
  const unsubscribed = new Set<string>();
  let failNext = 0;
  const ourNumber = options.number ?? "+17045550100";
  const post = options.post ?? ((url: string, init: RequestInit) => fetch(url, init));

  /** Posts `params` form-encoded to `url`, signed as Twilio signs (unless a signature is given). */
  const signedPost = async (url: string, params: Record<string, string>, signature?: string) => {
    const sig = signature ?? twilio.getExpectedTwilioSignature(options.authToken, url, params);
    const res = await post(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": sig },
      body: new URLSearchParams(params).toString(),
    });
    await res.body?.cancel();
    return res.status;
  };

  /** Calls a text's StatusCallback with its new state, as Twilio does. */
  const report = async (sid: string, status: string, errorCode?: number) => {
    const text = texts.find((t) => t.sid === sid);
    if (!text) throw new Error(`No text ${sid}`);
    text.status = status;
    if (!text.statusCallback) return 0;
    const params: Record<string, string> = {
      AccountSid: options.accountSid,
      ApiVersion: "2010-04-01",
      From: text.from ?? ourNumber,
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: text.to,
      ...(errorCode !== undefined ? { ErrorCode: String(errorCode) } : {}),
    };
    return await signedPost(text.statusCallback, params);
  };

  /** A customer's text to our number, posted to the inbound webhook; `sid` to repeat one (Twilio retries). */
  const inbound = async (from: string, body: string, extra: { sid?: string; signature?: string; to?: string } = {}) => {
    const sid = extra.sid ?? `SM${hex(32)}`;
    const params = {
      AccountSid: options.accountSid,
      ApiVersion: "2010-04-01",
      Body: body,
      From: from,
      MessageSid: sid,
      NumMedia: "0",
      NumSegments: String(segmentsOf(body)),
      SmsMessageSid: sid,
      SmsSid: sid,
      SmsStatus: "received",
      To: extra.to ?? ourNumber,
    };
    return { sid, status: await signedPost(options.inboundUrl, params, extra.signature) };
  };

  const messagesPath = new RegExp(`^/2010-04-01/Accounts/${options.accountSid}/Messages\\.json$`);
  const expectedAuth = `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`;

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method === "POST" && messagesPath.test(url.pathname)) {
      if (req.headers.get("Authorization") !== expectedAuth) return twilioError(401, 20003, "Authenticate");
      const form = new URLSearchParams(await req.text());
      if (failNext > 0) {
        failNext -= 1;
        return twilioError(500, 20500, "Internal Server Error");
      }
      const to = form.get("To") ?? "";
      if (!/^\+[1-9]\d{7,14}$/.test(to) || invalid.has(to)) {
        return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      }
      if (unsubscribed.has(to)) return twilioError(400, 21610, "Attempt to send to unsubscribed recipient");
      const body = form.get("Body") ?? "";
      const text: PeerText = {
        sid: `SM${hex(32)}`,
        to,
        from: form.get("From"),
        messagingServiceSid: form.get("MessagingServiceSid"),
        body,
        status: "queued",
        numSegments: segmentsOf(body),
        statusCallback: form.get("StatusCallback"),
      };
      texts.push(text);
      if (options.autoDeliver) {
        // After the answer, as Twilio's callbacks come after its 201.
        setTimeout(
          () =>
            void report(text.sid, "sent")
              .then(() => report(text.sid, "delivered"))
              .catch(() => {}),
          50,
        );
      }
      const now = new Date().toUTCString();
      return Response.json(
        {
          sid: text.sid,
          account_sid: options.accountSid,
          to,
          from: text.from,
          messaging_service_sid: text.messagingServiceSid,
          body,
          status: "queued",
          num_segments: String(text.numSegments),
          num_media: "0",
          direction: "outbound-api",
          api_version: "2010-04-01",
          date_created: now,
          date_updated: now,
          date_sent: null,
          error_code: null,
          error_message: null,
          price: null,
          price_unit: "USD",
          uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${text.sid}.json`,
          subresource_uris: {},
        },
        { status: 201 },
      );
    }
    if (url.pathname.startsWith("/_peer/")) {
      const input = req.method === "POST" ? await req.json().catch(() => ({})) : {};
      switch (`${req.method} ${url.pathname}`) {
        case "GET /_peer/messages":
          return Response.json(texts);
        case "POST /_peer/inbound":
          return Response.json(await inbound(String(input.from), String(input.body), { to: input.to }));
        case "POST /_peer/status":
          return Response.json({ status: await report(String(input.sid), String(input.status), input.errorCode) });
        case "POST /_peer/invalid":
          invalid.add(String(input.number));
          return Response.json({ ok: true });
        case "POST /_peer/unsubscribed":
          unsubscribed.add(String(input.number));
          return Response.json({ ok: true });
        case "POST /_peer/fail-next":
          failNext += 1;
          return Response.json({ ok: true });
        case "POST /_peer/reset":
          texts.length = 0;
          invalid.clear();
          unsubscribed.clear();
          failNext = 0;
          return Response.json({ ok: true });
      }
    }
    return twilioError(404, 20404, `The requested resource ${url.pathname} was not found`);
  });

  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    number: ourNumber,
    texts,
    report,
    inbound,
    markInvalid: (number: string) => invalid.add(number),
    markUnsubscribed: (number: string) => unsubscribed.add(number),
    failNext: () => {
      failNext += 1;
    },
    close: () => server.shutdown(),
  };
}

export type TwilioPeer = ReturnType<typeof startTwilioPeer>;
