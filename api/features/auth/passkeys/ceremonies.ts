import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { SessionUser } from "../../../contracts/staff/staff.ts";
import type { StoredPasskey } from "./repo.ts";
import { onceUnlessFailed } from "../../../platform/once.ts";

/** The library and its CBOR and ASN.1 parsers, loaded at the first ceremony, not at start (as twilio and pdf-lib). */
const webauthn = onceUnlessFailed(() => import("@simplewebauthn/server"));
const helpers = onceUnlessFailed(() => import("@simplewebauthn/server/helpers"));

/** How long a ceremony may take: the challenge's life and the browser's timeout. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface RelyingParty {
  /** PUBLIC_URL's host name. */
  rpId: string;
  /** PUBLIC_URL's origin. */
  origin: string;
}

/** The challenge a browser's answer carries (its clientDataJSON), or null when that cannot be read. */
export async function challengeOf(clientDataJSON: string): Promise<string | null> {
  const { decodeClientDataJSON } = await helpers();
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === "string" && challenge ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * The WebAuthn ceremonies through @simplewebauthn/server, for this site as the relying party. Passkeys only:
 * discoverable credentials with user verification, as a passkey alone signs a person in.
 */
export function ceremonies(rp: RelyingParty) {
  return {
    async registrationOptions(
      user: SessionUser,
      rpName: string,
      exclude: { id: string; transports: string[] }[],
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { generateRegistrationOptions } = await webauthn();
      return await generateRegistrationOptions({
        rpName,
        rpID: rp.rpId,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user._id),
        timeout: CHALLENGE_TTL_MS,
        attestationType: "none",
        excludeCredentials: exclude,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
    },

    /** The credential to keep, or null when the answer does not verify (wrong origin, RP, challenge, no UV). */
    async verifyRegistration(response: RegistrationResponseJSON, challenge: string) {
      const { verifyRegistrationResponse } = await webauthn();
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
      }).catch(() => null);
      if (!result?.verified) return null;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: new Uint8Array(credential.publicKey),
        counter: credential.counter,
        transports: response.response.transports ?? credential.transports ?? [],
      };
    },

    /** No allowCredentials: the browser offers the person's passkeys itself (and as autofill). */
    async authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webauthn();
      return await generateAuthenticationOptions({
        rpID: rp.rpId,
        timeout: CHALLENGE_TTL_MS,
        userVerification: "required",
      });
    },

    /**
     * A step-up of a signed-in person: their own passkeys only, so the browser offers none of a colleague's on a
     * shared device.
     */
    async reauthOptions(allow: { id: string; transports: string[] }[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webauthn();
      return await generateAuthenticationOptions({
        rpID: rp.rpId,
        timeout: CHALLENGE_TTL_MS,
        userVerification: "required",
        allowCredentials: allow,
      });
    },

    /**
     * The counter the authenticator reports, when the assertion is signed by this passkey for this site and
     * challenge; null otherwise. The counter is not compared here: the library compares it before the signature,
     * and only a signed assertion with a counter gone backwards tells of a cloned authenticator.
     */
    async verifyAuthentication(response: AuthenticationResponseJSON, challenge: string, passkey: StoredPasskey) {
      const { verifyAuthenticationResponse } = await webauthn();
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: 0 },
      }).catch(() => null);
      return result?.verified ? result.authenticationInfo.newCounter : null;
    },
  };
}

export type Ceremonies = ReturnType<typeof ceremonies>;

/** A signature counter that does not move forward: the passkey was copied (both zero: it keeps no counter). */
export const counterWentBack = (stored: number, reported: number) => (reported > 0 || stored > 0) && reported <= stored;
