// @simplewebauthn/browser through one module: its chunk is named for it (webauthn-*.js), so the service worker's
// precache can leave it out (vite.config.ts) — passkeys need the server, and only the sign-in page and the Passkeys
// screen load it.
export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
export type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
