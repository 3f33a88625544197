import type { LoginResponse } from "@contracts/entities.ts";
import { request } from "../../lib/http.ts";

/** POST /api/auth/login: a token and the admin user, or an ApiError carrying the server's message. */
export function login(email: string, password: string): Promise<LoginResponse> {
  return request<LoginResponse>("/api/auth/login", { method: "POST", body: { email, password } });
}
