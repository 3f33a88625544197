import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { type SignInFactor, signInCounts } from "../../contracts/staff/sign-in.ts";
import { ReauthRequired } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { FactorsRepo } from "./factors-repo.ts";
import type { StaffSessionsRepo } from "./sessions-repo.ts";

/**
 * Step-up, after requireStaff or requireAdmin on what moves money or access: the session's latest sign-in (or
 * step-up) must be at most 10 minutes old and have used every factor the person has now; otherwise 401
 * `{ reauth: true }`. A token from before sessions counts as a password sign-in when it was issued.
 */
export function requireRecentSignIn(deps: {
  sessions: Pick<StaffSessionsRepo, "find">;
  factors: Pick<FactorsRepo, "totp">;
  clock: Clock;
}): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    const session = c.get("session");
    const legacy = { factors: ["password"] as SignInFactor[], verifiedAt: session.issuedAt };
    const [signIn, totp] = await Promise.all([
      session.id ? deps.sessions.find(user._id, session.id) : legacy,
      deps.factors.totp(user._id),
    ]);
    const has = { totp: !!totp?.confirmedAt };
    if (!signIn || !signInCounts(signIn.factors, signIn.verifiedAt, has, deps.clock.now())) {
      throw new ReauthRequired();
    }
    await next();
  });
}
