import webpush from "web-push";
import { isAllowedEndpoint } from "../../contracts/outbox/push.ts";
import { NotSent } from "../channel.ts";
import type { PushSender } from "./channel.ts";
import type { Logger } from "../../platform/log.ts";
import type { PushMessage } from "./notices.ts";
import type { PushRepo, VapidKeys } from "./repo.ts";

export interface PushSenderOptions {
  repo: PushRepo;
  keys: () => Promise<VapidKeys>;
  /** The VAPID `sub` claim: who the push service may contact (RFC 8292). */
  subject: string;
  /** Checked again at sending: the list may have been narrowed since the device subscribed. */
  endpointOrigins: string[];
  log: Logger;
  timeoutMs?: number;
}

/** A notification lives this long at the push service while the device is offline. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends one outbox push row (RFC 8030): encrypted for the device's keys (RFC 8291, aes128gcm) and signed with
 * the VAPID key (RFC 8292) by web-push; posted with fetch so that no redirect is followed.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { repo, subject, endpointOrigins } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    async send(message) {
      const { subscriptionId, payload } = message as PushMessage;
      const device = await repo.device(subscriptionId);
      if (!device) throw new NotSent("The device is no longer subscribed");
      if (!isAllowedEndpoint(device.endpoint, endpointOrigins)) {
        throw new NotSent("The device's endpoint is not an allowed push service");
      }
      const { publicKey, privateKey } = await options.keys();
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        { vapidDetails: { subject, publicKey, privateKey }, TTL: TTL_SECONDS, urgency: "high" },
      );
      // fetch sets the length of the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== "content-length")
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: "POST",
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await repo.forget(subscriptionId);
        throw new NotSent(`The push service answered ${response.status}: the device is unsubscribed`);
      }
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`The push service answered ${response.status}`);
      }
      options.log.info({ msg: "push sent", status: response.status });
    },
  };
}
