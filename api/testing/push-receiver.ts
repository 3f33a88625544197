import { Buffer } from "node:buffer";
import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { decodeJwt, importJWK, jwtVerify } from "jose";

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
export interface TestDevice {
  endpoint: string;
  /** What PushSubscription.toJSON() gives the server. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  decrypt(body: Uint8Array): string;
}

export function testDevice(endpoint: string): TestDevice {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") },
    },
    decrypt: (body) => decryptAes128gcm(Buffer.from(body), ecdh, auth),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188, written here from the RFCs so the test does not trust the sender's library. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's delimiter is not 0x02");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Checks the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256
 * by that key, for the audience of the endpoint's origin. Answers the key and the claims.
 */
export async function verifyVapid(authorization: string, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, key] = match;
  const raw = Buffer.from(key!, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    "ES256",
  );
  const { payload, protectedHeader } = await jwtVerify(jwt!, publicKey, { audience, algorithms: ["ES256"] });
  return { key: key!, claims: payload, header: protectedHeader, decoded: decodeJwt(jwt!) };
}

export interface ReceivedPush {
  path: string;
  headers: Headers;
  body: Uint8Array;
}

/** A push service on 127.0.0.1: records what it is sent and answers `status` (201 until told otherwise). */
export function startPushReceiver() {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    received.push({
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(null, { status });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return {
    origin,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => server.shutdown(),
  };
}
