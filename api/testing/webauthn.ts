import assert from "node:assert/strict";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR, isoUint8Array } from "@simplewebauthn/server/helpers";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Passkey } from "../contracts/staff/passkeys.ts";
import type { TestContext } from "./context.ts";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash("sha256").update(bytes).digest());
const concat = (...parts: Uint8Array<ArrayBuffer>[]) => isoUint8Array.concat(parts);
const uint32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
};

/**
 * A software passkey: an ES256 key made with node:crypto, answering the site's options as a browser with a
 * platform authenticator would — "none" attestation, clientDataJSON and authenticatorData written by hand, the
 * assertion signed over authenticatorData ‖ SHA-256(clientDataJSON). Its signature counter goes up by one per
 * assertion unless a test says which counter to report.
 */
export function softwarePasskey(site: { rpId: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = crypto.getRandomValues(new Uint8Array(32));
  let userHandle = new Uint8Array();
  let counter = 0;

  const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string, origin = site.origin) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
  const coseKey = () =>
    isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );

  return {
    /** The credential's id (base64url), as the server keeps it. */
    id: b64url(credentialId),

    /** navigator.credentials.create() answering the registration options. */
    register(
      options: { challenge: string; user: { id: string } },
      o: { origin?: string } = {},
    ): RegistrationResponseJSON {
      userHandle = isoBase64URL.toBuffer(options.user.id);
      const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = concat(
        sha256(site.rpId),
        new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
        uint32(counter),
        new Uint8Array(16), // AAGUID: none
        idLength,
        credentialId,
        coseKey(),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, o.origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },

    /** navigator.credentials.get() answering the authentication options, reporting `counter` when given. */
    assert(options: { challenge: string }, o: { counter?: number; origin?: string } = {}): AuthenticationResponseJSON {
      counter = o.counter ?? counter + 1;
      const authData = concat(
        sha256(site.rpId),
        new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        uint32(counter),
      );
      const clientDataJSON = clientData("webauthn.get", options.challenge, o.origin);
      const signature = sign("sha256", concat(authData, sha256(clientDataJSON)), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(new Uint8Array(signature)),
          userHandle: b64url(userHandle),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

export type SoftwarePasskey = ReturnType<typeof softwarePasskey>;

/** Adds `passkey` to the account of `token` under `name`: the whole registration ceremony. */
export async function registerPasskey(
  ctx: TestContext,
  token: string,
  passkey: SoftwarePasskey,
  name = "Office laptop",
): Promise<Passkey> {
  const options = await ctx.request<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/account/passkeys/options", {
    token,
  });
  assert.equal(options.status, 200, JSON.stringify(options.body));
  const added = await ctx.request<DataEnvelope<Passkey>>("POST", "/api/account/passkeys", {
    token,
    body: { name, response: passkey.register(options.body) },
  });
  assert.equal(added.status, 201, JSON.stringify(added.body));
  return added.body.data;
}
