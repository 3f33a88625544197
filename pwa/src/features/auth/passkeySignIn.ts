import type { LoginResponse } from "@contracts/staff/staff.ts";
import type { PublicKeyCredentialRequestOptionsJSON } from "../../lib/webauthn.ts";
import { request } from "../../lib/http.ts";

// @simplewebauthn/browser is loaded when the sign-in page asks for it, not with the page: the login's first load
// stays as it was.
const webauthn = () => import("../../lib/webauthn.ts");

const options = () => request<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey/options", { method: "POST" });

/** The sign-in ceremony: options, the browser's prompt (or its autofill, `autofill`), then the server's answer. */
async function signIn(autofill: boolean): Promise<LoginResponse> {
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: await options(), useBrowserAutofill: autofill });
  return request<LoginResponse>("/api/auth/passkey", { method: "POST", body: { response } });
}

/** "Sign in with a passkey": the browser's own prompt. A pending autofill request is cancelled by it. */
export const signInWithPasskey = () => signIn(false);

/**
 * Offers the device's passkeys in the e-mail field's autofill (conditional mediation) where the browser can: the
 * sign-in when the person picks one, null where the browser cannot. Cancelled by `stopPasskeyAutofill` or the
 * button's prompt.
 */
export async function passkeyAutofill(): Promise<LoginResponse | null> {
  const { browserSupportsWebAuthnAutofill } = await webauthn();
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  return signIn(true);
}

/** Ends a pending autofill request (the page is left). */
export async function stopPasskeyAutofill(): Promise<void> {
  (await webauthn()).WebAuthnAbortService.cancelCeremony();
}
