import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import type { PlanInput } from "../../contracts/plans/schemas.ts";
import { PlanSchema } from "../../contracts/plans/schemas.ts";
import type { AuditRepo } from "../../db/audit.ts";
import type { Tx } from "../../db/client.ts";
import { BadRequest, NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { PlansRepo } from "./repo.ts";

export interface PlansDeps {
  repo: PlansRepo;
  audit: Pick<AuditRepo, "record">;
  requireAdmin: MiddlewareHandler<AppEnv>;
  requireStaff: MiddlewareHandler<AppEnv>;
}

export const PLAN_MESSAGES = {
  notFound: "Plan not found",
  unknownService: (id: string) => `Unknown service in the plan's visits: ${id}`,
} as const;

/** Each visit names a service that exists; the same service twice would plan its visits twice. */
async function checkVisits(repo: PlansRepo, tx: Tx, input: PlanInput) {
  const named = [...new Set(input.visits.map((v) => v.serviceType))];
  if (named.length !== input.visits.length) throw new BadRequest("Each service appears once in a plan's visits");
  const known = new Set(await repo.knownServices(tx, named));
  const unknown = named.find((id) => !known.has(id));
  if (unknown) throw new BadRequest(PLAN_MESSAGES.unknownService(unknown));
}

/**
 * /api/plans: staff read the plans (to enroll a customer, to read a member's), admins write them, each write audited in
 * its transaction. A plan is never deleted: archived (`active: false`), it is sold no more and keeps its members.
 */
export function plansRoutes({ repo, audit, requireAdmin, requireStaff }: PlansDeps) {
  return new Hono<AppEnv>()
    .get("/", requireStaff, async (c) => c.json({ data: await repo.list() }))
    .post("/", requireAdmin, validateJson(PlanSchema), async (c) => {
      const input = c.req.valid("json");
      const plan = await repo.transaction(async (tx) => {
        await checkVisits(repo, tx, input);
        const created = await repo.create(tx, input);
        const actor = staffActor(c.get("user"));
        await audit.record(tx, {
          actor,
          entityType: "plan",
          entityId: created._id,
          action: "create",
          before: null,
          after: created,
        });
        return created;
      });
      return c.json({ data: plan }, 201);
    })
    .put("/:id", requireAdmin, validateJson(PlanSchema), async (c) => {
      const input = c.req.valid("json");
      const plan = await repo.transaction(async (tx) => {
        const before = await repo.getForUpdate(tx, c.req.param("id"));
        if (!before) throw new NotFound(PLAN_MESSAGES.notFound);
        await checkVisits(repo, tx, input);
        const after = await repo.update(tx, before._id, input);
        const actor = staffActor(c.get("user"));
        await audit.record(tx, { actor, entityType: "plan", entityId: before._id, action: "update", before, after });
        return after;
      });
      return c.json({ data: plan });
    });
}
