import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Passkey } from "@contracts/staff/passkeys.ts";
import type { LoginResponse } from "@contracts/staff/staff.ts";
import { request } from "./http.ts";
import type { PublicKeyCredentialRequestOptionsJSON } from "./webauthn.ts";

// @simplewebauthn/browser is loaded when the person chooses the passkey, not with the step-up dialog.
const webauthn = () => import("./webauthn.ts");

/** Whether this browser can ask for a passkey at all (what the library checks, without loading it). */
export const browserHasPasskeys = (): boolean =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** Whether the signed-in person has a passkey to confirm with. */
export async function hasOwnPasskeys(): Promise<boolean> {
  return (await request<DataEnvelope<Passkey[]>>("/api/account/passkeys", { auth: true })).data.length > 0;
}

/**
 * A step-up with one of the person's own passkeys: the server's options, the browser's prompt, then the server's
 * answer, a token of this session now confirmed (as the password's step-up answers).
 */
export async function confirmWithPasskey(): Promise<LoginResponse> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await request<PublicKeyCredentialRequestOptionsJSON>("/api/auth/reauth/passkey/options", {
    method: "POST",
    auth: true,
  });
  const response = await startAuthentication({ optionsJSON });
  return request<LoginResponse>("/api/auth/reauth/passkey", { method: "POST", auth: true, body: { response } });
}
