import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";

/**
 * scrypt's cost N as a power of two (PASSWORD_HASH_COST). 15, N=2^15 with r=8, p=1, costs ~150 ms and 32 MiB here:
 * slow for guessing, bearable for a login. The parameters are stored in each hash, so changing the cost later keeps
 * old hashes working. The test suites hash at a lower cost: a login's check dominated the auth tests' CPU.
 */
export const DEFAULT_PASSWORD_COST = 15;
const BLOCK = { r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` with a fresh 16-byte salt per password, N = 2^`cost`. */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const params = { N: 2 ** cost, ...BLOCK };
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time comparison; false for a malformed hash (or none: an invited person) rather than an error. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) return false;
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random password for the first admin of the embedded default (printed once). */
export function randomPassword(): string {
  return randomBytes(15).toString("base64url");
}
