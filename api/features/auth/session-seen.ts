import type { Context } from "hono";
import { SESSION_SEEN_EVERY_MS } from "../../contracts/staff/sign-in.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import type { StaffSessionsRepo } from "./sessions-repo.ts";

/** Sessions remembered per instance; past this the memory starts afresh (a few extra writes, nothing lost). */
const MAX_REMEMBERED = 10_000;

/**
 * Notes a session's last seen time and address at most once a minute per instance, after the answer and without
 * holding it: a request must not wait for, nor fail with, this bookkeeping.
 */
export function sessionSeen(sessions: Pick<StaffSessionsRepo, "seen">, clock: Clock, trustProxy: boolean, log: Logger) {
  const written = new Map<string, number>();
  return (sessionId: string, c: Context<AppEnv>) => {
    const now = clock.now();
    const last = written.get(sessionId);
    if (last !== undefined && now.getTime() - last < SESSION_SEEN_EVERY_MS) return;
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(sessionId, now.getTime());
    sessions.seen(sessionId, now, clientIp(c, trustProxy)).catch((error) => {
      log.error({ msg: "session last seen not written", error: String(error) });
    });
  };
}
