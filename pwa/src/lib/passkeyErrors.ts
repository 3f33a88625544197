import { failureText } from "./http.ts";

/**
 * What to tell a person whose passkey ceremony failed: the browser's prompt closed or timed out (the WebAuthn
 * API answers NotAllowedError for both, on purpose), a passkey already added, or the server's message.
 * Reads the error's name and code only, so the sign-in page need not load @simplewebauthn/browser to say it.
 */
export function passkeyErrorText(error: unknown, otherwise: string): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "This device's passkey is already added.";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey prompt was closed or timed out.";
  return failureText(error, { otherwise });
}
