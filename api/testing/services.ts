/**
 * The real-service rule: a test that needs Postgres or Redis runs when its URL is set, is skipped
 * locally when it is not, and fails in CI (CI=true) when it is not, so a missing service is never silent.
 */
export const IN_CI = Deno.env.get("CI") === "true";

export function needsService(variable: string): { ignore: boolean; url: string | null } {
  const url = Deno.env.get(variable) || null;
  return { ignore: url === null && !IN_CI, url };
}

/** Inside a test: the URL, or a failure naming the variable (only reached in CI). */
export function serviceUrl(variable: string): string {
  const url = Deno.env.get(variable);
  if (!url) throw new Error(`${variable} must be set when CI=true: this test needs the real service`);
  return url;
}
