/**
 * The real-service rule: a test that needs Postgres or Redis runs on the URL `npm test` gives it (a throwaway server
 * it starts from the installed programs, or the one named). Without one it is skipped, saying why, and only where the
 * program is missing; in CI (CI=true) it fails instead, so a missing service is never silent.
 */
export const IN_CI = Deno.env.get("CI") === "true";

const PROGRAMS: Record<string, string> = { TEST_DATABASE_URL: "Postgres (initdb)", TEST_REDIS_URL: "redis-server" };

export function needsService(variable: string): { ignore: boolean; url: string | null } {
  const url = Deno.env.get(variable) || null;
  const ignore = url === null && !IN_CI;
  if (ignore) {
    console.warn(
      `skipped: ${variable} is not set. \`npm test\` sets it to a throwaway server when ${PROGRAMS[variable] ?? "the program"} is installed.`,
    );
  }
  return { ignore, url };
}

/** Inside a test: the URL, or a failure naming the variable (only reached in CI). */
export function serviceUrl(variable: string): string {
  const url = Deno.env.get(variable);
  if (!url) throw new Error(`${variable} must be set when CI=true: this test needs the real service`);
  return url;
}
