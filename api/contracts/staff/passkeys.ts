import * as v from "valibot";
import { text } from "../common/fields.ts";

/** One of a staff member's passkeys, as GET /api/account/passkeys lists it. */
export interface Passkey {
  _id: string;
  name: string;
  /** ISO instant it was added. */
  createdAt: string;
  /** ISO instant of its last sign-in; null before the first. */
  lastUsedAt: string | null;
}

export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  challengeUsed: "This passkey request has expired or was already used. Please try again.",
  notVerified: "The passkey could not be verified. Please try again.",
  alreadyAdded: "This passkey is already added to an account.",
  signInFailed: "Passkey sign-in failed. Use another passkey or your password.",
  reauthFailed: "That passkey could not confirm it's you. Use one of your own passkeys or your password.",
  noPasskeys: "You have no passkeys yet. Confirm with your password.",
} as const;

const passkeyName = text(PASSKEY_NAME_MAX, "Name");

const base64url = v.pipe(
  v.string("Must be text"),
  v.nonEmpty("Is required"),
  v.maxLength(16_384, "Is too long"),
  v.regex(/^[A-Za-z0-9_-]+$/, "Is not base64url"),
);

/** A credential id: at most 1023 bytes (WebAuthn), 1364 characters in base64url. */
const credentialId = v.pipe(base64url, v.maxLength(1364, "Credential id is too long"));

/** What @simplewebauthn/browser's startRegistration answers; the library checks the rest. */
const RegistrationResponseSchema = v.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: v.literal("public-key", "Type must be public-key"),
  response: v.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(32)))),
  }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
});

/** What startAuthentication answers. */
export const AuthenticationResponseSchema = v.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: v.literal("public-key", "Type must be public-key"),
  response: v.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: v.optional(v.string()),
  }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
});

/** POST /api/account/passkeys: the browser's answer to the registration options, and the name it is kept under. */
export const PasskeyCreateSchema = v.object({ name: passkeyName, response: RegistrationResponseSchema });

/** PATCH /api/account/passkeys/{id}. */
export const PasskeyRenameSchema = v.object({ name: passkeyName });

/** POST /api/auth/passkey: the browser's answer to the authentication options. */
export const PasskeySignInSchema = v.object({ response: AuthenticationResponseSchema });

/** POST /api/auth/reauth/passkey: the step-up's answer, as the sign-in's. */
export const PasskeyReauthSchema = PasskeySignInSchema;
