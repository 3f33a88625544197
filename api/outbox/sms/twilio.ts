import type RequestClient from "twilio/lib/base/RequestClient";
import type { TwilioConfig } from "../../config.ts";
import { onceUnlessFailed } from "../../platform/once.ts";

/** Twilio's own API: a client pointed elsewhere (the local peer of the tests) rewrites only the origin. */
export const TWILIO_API = "https://api.twilio.com";

/**
 * The official library, loaded when a text is first sent or a webhook first checked, not at start: with pdf-lib and
 * @simplewebauthn/server loaded the same way, the app's modules load in 0.28 CPU seconds rather than 0.49, in every
 * process and test file, most of which never send a text.
 */
const loadTwilio = onceUnlessFailed(async () => (await import("twilio")).default);

/**
 * The client's documented custom HTTP client (a RequestClient subclass passed as `httpClient`): every request goes to
 * `base` with the same path, query, auth and body, so the peer is spoken to exactly as Twilio is.
 */
const baseUrlRequestClient = (twilio: Awaited<ReturnType<typeof loadTwilio>>, base: string) =>
  new (class extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const url = new URL(opts.uri);
      return super.request<TData>({ ...opts, uri: `${base}${url.pathname}${url.search}` });
    }
  })();

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
  const clientOf = onceUnlessFailed(async () => {
    const twilio = await loadTwilio();
    return twilio(
      config.accountSid,
      config.authToken,
      config.apiBase === TWILIO_API ? {} : { httpClient: baseUrlRequestClient(twilio, config.apiBase) },
    );
  });
  const sender = config.messagingServiceSid
    ? { messagingServiceSid: config.messagingServiceSid }
    : { from: config.from! };
  return {
    async send({ to, body, statusCallback }) {
      try {
        const message = await (await clientOf()).messages.create({ to, body, statusCallback, ...sender });
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
export const validTwilioSignature = async (
  authToken: string,
  signature: string,
  url: string,
  params: Record<string, string>,
) => (await loadTwilio()).validateRequest(authToken, signature, url, params);
