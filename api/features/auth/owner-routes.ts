import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import { type SignInPolicy, SignInPolicySchema } from "../../contracts/staff/sign-in.ts";
import { recordAudit } from "../../db/audit.ts";
import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import type { PolicyRepo } from "./policy-repo.ts";
import type { AdminsRepo } from "./repo.ts";
import type { StaffSessions } from "./sessions.ts";
import type { StaffSessionsRepo } from "./sessions-repo.ts";

export interface OwnerDeps {
  sql: Sql;
  repo: Pick<AdminsRepo, "findById">;
  sessionsRepo: StaffSessionsRepo;
  sessions: StaffSessions;
  policy: PolicyRepo;
  clock: Clock;
  requireOwner: MiddlewareHandler<AppEnv>;
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
}

/** /api/staff/{id}/sessions: an owner sees anyone's devices and signs one out (a lost tablet). */
export function staffSessionsRoutes(deps: OwnerDeps) {
  const { repo, sessionsRepo, sessions, clock, requireOwner } = deps;
  const member = async (id: string) => {
    const found = await repo.findById(id);
    if (!found) throw new NotFound();
    return found;
  };
  return new Hono<AppEnv>()
    .get("/:id/sessions", requireOwner, async (c) => {
      const found = await member(c.req.param("id"));
      return c.json(await sessionsRepo.list(found._id, clock.now(), c.get("session").id));
    })
    .delete("/:id/sessions/:sid", requireOwner, async (c) => {
      const found = await member(c.req.param("id"));
      const target = { id: found._id, email: found.email };
      if (!(await sessions.revoke(target, c.req.param("sid"), staffActor(c.get("user"))))) throw new NotFound();
      return c.body(null, 204);
    });
}

/** /api/sign-in-policy: the sign-in policy, Settings → Security (owner only; changing it is a step-up action). */
export function securityPolicyRoutes(deps: OwnerDeps) {
  const { policy, clock, requireOwner } = deps;
  return new Hono<AppEnv>()
    .get("/", requireOwner, async (c) => c.json(await policy.get()))
    .put("/", requireOwner, deps.requireRecentSignIn, validateJson(SignInPolicySchema), async (c) => {
      const next: SignInPolicy = c.req.valid("json");
      await transaction(deps.sql, async (tx) => {
        const before = await policy.getForUpdate(tx);
        await policy.save(tx, next, clock.now());
        await recordAudit(tx, {
          actor: staffActor(c.get("user")),
          entityType: "settings",
          entityId: "security",
          action: "update",
          before,
          after: next,
        });
      });
      return c.json(next);
    });
}
