import type { ErrorBody } from "@contracts/common/wire.ts";
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

/** The words for a staff screen when the server could not be reached. */
export const NO_CONNECTION_TEXT = "Could not reach the server. Please try again.";

/**
 * What to tell the person about a failed call: `network` when no answer came, the server's own `{ message }` when it
 * sent one, `otherwise` for anything else.
 */
export function failureText(error: unknown, texts: { network?: string; otherwise: string }): string {
  if (error instanceof NetworkError) return texts.network ?? NO_CONNECTION_TEXT;
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return texts.otherwise;
}

export const SESSION_EXPIRED_EVENT = "session-expired";

/**
 * The staff shell's answer to a refused staff call (lib/stepUp.ts: a step-up, a second factor to set up): "repeat"
 * it once, "keep" the session and let the refusal stand, or null for the usual handling (a 401 ends the session).
 * Registered by the shell only, so the public pages carry none of it.
 */
export type RefusalHandler = (status: number, body: unknown, repeated: boolean) => Promise<"repeat" | "keep" | null>;

let onRefusal: RefusalHandler | null = null;

export function handleRefusals(handler: RefusalHandler | null): void {
  onRefusal = handler;
}

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
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Sends the stored admin token; a 401 then ends the session. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (a logout's revoke). */
  keepalive?: boolean;
}

/** Set on the one repeat of an action after a step-up: a second refusal is not asked about again. */
interface Attempt {
  repeated?: boolean;
}

/** JSON over fetch, same origin. Resolves to the parsed body of a 2xx, throws ApiError or NetworkError. */
export async function request<T>(path: string, options: RequestOptions & Attempt = {}): Promise<T> {
  // The API's refusals come back in the language on screen, which <html lang> says (lib/i18n/locale.ts sets it).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": typeof document === "undefined" ? "en" : document.documentElement.lang || "en",
    ...options.headers,
  };
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
  const body = await readBody(response);
  if (!response.ok) {
    const handled = options.auth && onRefusal ? await onRefusal(response.status, body, !!options.repeated) : null;
    if (handled === "repeat") return request<T>(path, { ...options, repeated: true });
    if (handled === null && response.status === 401 && options.auth) endSession();
    throw apiErrorOf(response, body);
  }
  return body as T;
}

/**
 * A GET whose answer is not JSON (a job's photo, a CSV file), with the stored staff token or the one given (a
 * customer's): the Response of a 2xx, else NetworkError or ApiError as request() throws them.
 */
export async function fetchWithToken(path: string, token?: string | null, repeated = false): Promise<Response> {
  const sent = token === undefined ? getToken() : token;
  let response: Response;
  try {
    response = await fetch(path, { headers: sent ? { Authorization: `Bearer ${sent}` } : {} });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body = await readBody(response);
    // A CSV export is a step-up action: confirmed, it is fetched again once with the staff token, now confirmed.
    const handled = token === undefined && onRefusal ? await onRefusal(response.status, body, repeated) : null;
    if (handled === "repeat") return fetchWithToken(path, undefined, true);
    throw apiErrorOf(response, body);
  }
  return response;
}

/** Opens a document only staff may read (a PDF: the token goes with the request) in a new tab. */
export async function openWithToken(path: string): Promise<void> {
  const tab = window.open("", "_blank");
  const response = await fetchWithToken(path);
  const url = URL.createObjectURL(await response.blob());
  if (tab) tab.location.href = url;
  else window.location.assign(url);
}

/** An answer's body, read once: its JSON, or null when it is empty or not JSON. */
export async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The ApiError of an answer that was not 2xx: the server's `{ message }` when it sent one, and its Retry-After. */
export function apiErrorOf(response: Response, body: unknown): ApiError {
  const errorBody = isErrorBody(body) ? body : null;
  return new ApiError(
    response.status,
    errorBody?.message ?? `Request failed (${response.status})`,
    errorBody,
    parseRetryAfter(response.headers.get("Retry-After")),
  );
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === "object" && body !== null && typeof (body as ErrorBody).message === "string";
}

/** Retry-After is either delta-seconds or an HTTP date; null when absent, past or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds : null;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  const delta = Math.ceil((date - now) / 1000);
  return delta > 0 ? delta : null;
}
