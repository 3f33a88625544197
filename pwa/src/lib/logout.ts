import { request } from "./http.ts";

/** How long a logout waits on the network: a tablet on a dead connection must still log out at once. */
export const logoutTiming = {
  /** The server's revoke of the token. */
  revokeTimeoutMs: 5_000,
  /** A last try at sending the status changes still waiting on the device. */
  flushBudgetMs: 5_000,
};

/** Resolves with `task`'s value, or with undefined once `ms` have passed (the task is not stopped). */
export function settleWithin<T>(task: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Revokes the admin's tokens on the server (POST /api/auth/logout), so a copy of the token stops working too.
 * The token is passed in because the device has already forgotten it: the local wipe never waits for the server.
 * Never throws and gives up after `revokeTimeoutMs`: offline, an expired token or a hung server must not keep
 * anyone logged in; the token then simply runs out at its expiry.
 */
export async function logoutOnServer(token: string | null): Promise<void> {
  if (!token) return;
  const controller = new AbortController();
  const revoke = request<null>("/api/auth/logout", {
    method: "POST",
    // Not `auth`: its 401 handling would end a session that is already over.
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
    // The person may close the app right after tapping Logout.
    keepalive: true,
  }).catch(() => undefined);
  await settleWithin(revoke, logoutTiming.revokeTimeoutMs);
  controller.abort();
}
