import { publicRoute } from "../../http/roles.ts";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env.ts";

export interface HealthDeps {
  /** True when the database answers and its schema is current. */
  ready(): Promise<boolean>;
  /** A probe must answer even when the database hangs. */
  timeoutMs?: number;
}

/** What readyz names as not ready. */
export const NOT_READY = {
  unreachable: "Database unreachable",
  timeout: "Database did not answer in time",
  refused: "Not ready: database schema not current, realtime bus down or shutting down",
} as const;

/**
 * Why the service cannot serve, or null when it can. `ready` throws only when the database cannot be
 * queried; false stands for the rest it checks (schema, realtime bus, a shutdown), which it does not tell apart.
 */
async function notReadyReason(ready: () => Promise<boolean>, ms: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(NOT_READY.timeout), ms)));
  const checked = ready().then(
    (ok) => (ok ? null : NOT_READY.refused),
    () => NOT_READY.unreachable,
  );
  try {
    return await Promise.race([checked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** /api/healthz (the process is up) and /api/readyz (it can serve: database reachable, schema current). */
export function healthRoutes({ ready, timeoutMs = 3000 }: HealthDeps) {
  return new Hono<AppEnv>()
    .get("/healthz", publicRoute, (c) => c.json({ status: "ok" }))
    .get("/readyz", publicRoute, async (c) => {
      const reason = await notReadyReason(ready, timeoutMs);
      c.header("Cache-Control", "no-store");
      // `status` is what balancers and scripts read; `message` is the `{ message }` every refusal carries.
      return reason === null ? c.json({ status: "ok" }) : c.json({ status: "unavailable", message: reason }, 503);
    });
}
