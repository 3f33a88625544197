import { request } from "./http.ts";

/**
 * Revokes the admin's tokens on the server (POST /api/auth/logout), so a copy of the stored token stops
 * working too. Never throws: offline, an expired token or a server error must not keep anyone logged in,
 * so the caller clears the local session afterwards whatever happened here.
 */
export async function logoutOnServer(): Promise<void> {
  try {
    await request<null>("/api/auth/logout", { method: "POST", auth: true });
  } catch {
    // Logging out locally still happens; the token then simply runs out at its expiry.
  }
}
