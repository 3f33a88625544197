import { ServiceUnavailable } from "../errors.ts";

/**
 * Secrets the server must read back (a person's TOTP key) kept sealed in the database: AES-256-GCM under a key
 * derived with HKDF-SHA-256 from a root secret and a purpose, so a copy of the table or a backup holds no usable
 * key. Written `v1.<iv>.<ciphertext and tag>` (base64url); a value without the prefix was written before sealing and
 * is read as it is.
 */
export interface Sealer {
  seal(plain: string): Promise<string>;
  open(stored: string): Promise<string>;
}

const PREFIX = "v1.";
const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const unb64 = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

export function createSealer(root: string, purpose: string): Sealer {
  let key: Promise<CryptoKey> | null = null;
  const keyOf = () =>
    (key ??= crypto.subtle
      .importKey("raw", encoder.encode(root), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(purpose) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      ));
  return {
    async seal(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyOf(), encoder.encode(plain));
      return `${PREFIX}${b64(iv)}.${b64(new Uint8Array(sealed))}`;
    },
    async open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [iv = "", sealed = ""] = stored.slice(PREFIX.length).split(".");
      try {
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, await keyOf(), unb64(sealed));
        return new TextDecoder().decode(plain);
      } catch {
        // Sealed under another root secret (TOTP_SECRET_KEY or JWT_SECRET changed): the server's fault, not the
        // person's, and no code can be checked until the key is back.
        throw new ServiceUnavailable(60, "Two-step verification cannot be checked right now. Please try again later.");
      }
    },
  };
}
