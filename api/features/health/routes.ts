import { Hono } from "hono";
import type { AppEnv } from "../../http/env.ts";

export interface HealthDeps {
  /** True when the database answers and its schema is current. */
  ready(): Promise<boolean>;
  /** A probe must answer even when the database hangs. */
  timeoutMs?: number;
}

async function within(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** /api/healthz (the process is up) and /api/readyz (it can serve: database reachable, schema current). */
export function healthRoutes({ ready, timeoutMs = 3000 }: HealthDeps) {
  return new Hono<AppEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      const ok = await within(ready, timeoutMs);
      c.header("Cache-Control", "no-store");
      return ok ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503);
    });
}
