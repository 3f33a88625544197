import type { Context } from "hono";
import { MESSAGES } from "../contracts/messages.ts";
import { BadRequest } from "../errors.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const MAX_KEY_LENGTH = 200;

/** The request's Idempotency-Key, or null without one; 400 for an empty or overlong key. */
export function idempotencyKey(c: Context): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) throw new BadRequest(MESSAGES.idempotencyKeyInvalid);
  return key;
}

/** Fingerprint of a validated body: a retry must send the same request to get the first answer back. */
export function bodyHash(body: unknown): Promise<string> {
  return sha256Hex(new TextEncoder().encode(JSON.stringify(body)));
}

/** SHA-256 of bytes in hex: the fingerprint of a raw body (an uploaded photo), and of a JSON one above. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
