import { ApiError } from "./http.ts";

/**
 * SPEC §8's failure alert, except for a 401: the session has just ended and the person is being
 * taken to /login, where an alert would only get in the way.
 */
export function alertFailure(text: string, error: unknown): void {
  console.error(text, error);
  if (error instanceof ApiError && error.status === 401) return;
  window.alert(text);
}
