import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { TwilioConfig } from "../../config.ts";

/** Twilio's own API: a client pointed elsewhere (the local peer of the tests) rewrites only the origin. */
export const TWILIO_API = "https://api.twilio.com";

/**
 * The client's documented custom HTTP client (a RequestClient subclass passed as `httpClient`): every request goes to
 * `base` with the same path, query, auth and body, so the peer is spoken to exactly as Twilio is.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.base}${url.pathname}${url.search}` });
  }
}

/** What Twilio answered when it took a text. */
export interface Accepted {
  sid: string;
  status: string;
  segments: number;
}

/** Twilio refused the text (4xx): never retried. `code` is Twilio's error code (21211, 21610, …). */
export class SmsRefused extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Where the outbox's SMS channel hands a text; rejects with SmsRefused for a 4xx, with anything else to retry. */
export interface SmsSender {
  send(text: { to: string; body: string; statusCallback: string }): Promise<Accepted>;
}

/** The official client, with the configured sender: a number, or a Messaging Service. */
export function twilioSender(config: TwilioConfig): SmsSender {
  const client = twilio(
    config.accountSid,
    config.authToken,
    config.apiBase === TWILIO_API ? {} : { httpClient: new BaseUrlRequestClient(config.apiBase) },
  );
  const sender = config.messagingServiceSid
    ? { messagingServiceSid: config.messagingServiceSid }
    : { from: config.from! };
  return {
    async send({ to, body, statusCallback }) {
      try {
        const message = await client.messages.create({ to, body, statusCallback, ...sender });
        return { sid: message.sid, status: message.status, segments: Number(message.numSegments) || 1 };
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        // 429 is Twilio asking us to slow down: retried like a 5xx.
        if (typeof status === "number" && status >= 400 && status < 500 && status !== 429) {
          const code = (error as { code?: unknown }).code;
          throw new SmsRefused(typeof code === "number" ? code : null, (error as Error).message);
        }
        throw error;
      }
    },
  };
}

/** True when a webhook's X-Twilio-Signature is Twilio's over `url` (as configured, PUBLIC_URL + path) and `params`. */
export const validTwilioSignature = (
  authToken: string,
  signature: string,
  url: string,
  params: Record<string, string>,
) => twilio.validateRequest(authToken, signature, url, params);
