import type { ErrorBody } from "@contracts/entities.ts";
import { forgetCustomerData } from "./forgetCustomerData.ts";
import { clearSession, getToken } from "./session.ts";

/** An answer that was not 2xx; `message` is the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The request never got an answer (offline, DNS, connection reset, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Network error", { cause });
    this.name = "NetworkError";
  }
}

export const SESSION_EXPIRED_EVENT = "session-expired";

/**
 * The server no longer accepts this admin's token (revoked, or expired by its clock): forget it and the device's copy
 * of customer data, and let the admin pages send the person to /login.
 */
export function endSession(): void {
  clearSession();
  forgetCustomerData();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Sends the stored admin token; a 401 then ends the session. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (a logout's revoke). */
  keepalive?: boolean;
}

/** JSON over fetch, same origin. Resolves to the parsed body of a 2xx, throws ApiError or NetworkError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.auth) {
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    const body = parsed && typeof parsed === "object" && "message" in parsed ? (parsed as ErrorBody) : null;
    if (response.status === 401 && options.auth) endSession();
    const retryAfter = Number(response.headers.get("Retry-After"));
    throw new ApiError(
      response.status,
      body?.message ?? `Request failed (${response.status})`,
      body,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return parsed as T;
}
