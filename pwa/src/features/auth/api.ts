import type { LoginResponse } from "@contracts/entities.ts";
import type { LoginInputSchema } from "@contracts/schemas.ts";
import type { InferInput } from "valibot";
import { request } from "../../lib/http.ts";

/** POST /api/auth/login: a token and the admin user, or an ApiError carrying the server's message. */
export function login(email: string, password: string): Promise<LoginResponse> {
  const body: InferInput<typeof LoginInputSchema> = { email, password };
  return request<LoginResponse>("/api/auth/login", { method: "POST", body });
}
