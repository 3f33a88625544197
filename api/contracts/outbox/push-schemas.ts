import * as v from "valibot";

const base64url = (label: string, length: number) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `${label} is not a valid key`),
  );

const endpoint = v.pipe(
  v.string("The endpoint must be text"),
  v.maxLength(2048, "The endpoint is too long"),
  v.url("The endpoint must be a URL"),
);

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives (P-256 public key, 16-byte secret). */
export const PushSubscriptionSchema = v.object({
  endpoint,
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({ p256dh: base64url("p256dh", 87), auth: base64url("auth", 22) }, "The keys are missing"),
});

/** DELETE /api/push/subscriptions. */
export const PushUnsubscribeSchema = v.object({ endpoint });
