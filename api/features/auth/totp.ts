import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT } from "../../contracts/staff/sign-in.ts";

const PERIOD_SECONDS = 30;

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, base32) and the otpauth:// link an authenticator app reads from a QR code. */
export function newTotpSecret(issuer: string, label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, issuer, label).toString() };
}

/**
 * The time step a 6-digit code is right for at `now`, within one step either side (a phone's clock a little off),
 * or null. The caller refuses a step already used.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret, "-", "-").validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** 10 recovery codes, `xxxxx-xxxxx` of lower-case letters and digits (50 random bits each). */
export function newRecoveryCodes(): string[] {
  // 32 characters: a byte masked to 5 bits picks each with the same chance.
  const alphabet = "abcdefghjkmnpqrstuvwxyz023456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** How a recovery code is stored and looked up: spaces, dashes and case do not matter. */
export const recoveryCodeHash = (code: string) =>
  createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest("hex");
