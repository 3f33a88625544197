import type { SessionUser } from "@contracts/staff/staff.ts";

/** SPEC §3: token and user are kept in local storage under these keys. */
const TOKEN_KEY = "token";
const USER_KEY = "user";

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getUser(): SessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** Seconds-since-epoch expiry of a JWT, read without verifying (the server verifies). */
function tokenExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof json.exp === "number" ? json.exp : null;
  } catch {
    return null;
  }
}

/** The dashboard guard: a stored token that has not expired yet. */
export function hasValidSession(now: Date = new Date()): boolean {
  const token = getToken();
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now.getTime();
}

/** Where a signed-in person starts: a technician at their jobs, the office at the dashboard. */
export function homeOf(user: Pick<SessionUser, "role"> | null): string {
  return user?.role === "technician" ? "/jobs" : "/dashboard";
}
