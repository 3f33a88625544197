import type { LoginResponse } from "@contracts/staff/staff.ts";
import type { LoginInputSchema } from "@contracts/staff/schemas.ts";
import type { InferInput } from "valibot";
import { request } from "../../lib/http.ts";

/** POST /api/auth/login: a token and the admin user, or an ApiError carrying the server's message. */
export function login(email: string, password: string): Promise<LoginResponse> {
  const body: InferInput<typeof LoginInputSchema> = { email, password };
  return request<LoginResponse>("/api/auth/login", { method: "POST", body });
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
