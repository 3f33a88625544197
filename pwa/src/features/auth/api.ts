import type { LoginResponse } from "@contracts/staff/staff.ts";
import type { MfaRequiredResponse } from "@contracts/staff/sign-in.ts";
import type { LoginInputSchema } from "@contracts/staff/schemas.ts";
import type { InferInput } from "valibot";
import { request } from "../../lib/http.ts";

/**
 * POST /api/auth/login: a token and the user, or (for a person with a second factor) a challenge to finish with
 * the code; an ApiError carrying the server's message otherwise.
 */
export function login(email: string, password: string): Promise<LoginResponse | MfaRequiredResponse> {
  const body: InferInput<typeof LoginInputSchema> = { email, password };
  return request<LoginResponse | MfaRequiredResponse>("/api/auth/login", { method: "POST", body });
}

/** GET /api/invitations/{token}: who the invitation is for (404 unknown, 410 expired or used). */
export function fetchInvitation(token: string): Promise<{ name: string; email: string }> {
  return request<{ name: string; email: string }>(`/api/invitations/${encodeURIComponent(token)}`);
}

/** POST /api/invitations/{token}: the chosen password; answers like a login. */
export function acceptInvitation(token: string, password: string): Promise<LoginResponse> {
  return request<LoginResponse>(`/api/invitations/${encodeURIComponent(token)}`, {
    method: "POST",
    body: { password },
  });
}
