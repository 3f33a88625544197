import { publicRoute } from "../../http/roles.ts";
import { staffActor } from "../../contracts/common/actor.ts";
import { Hono, type MiddlewareHandler } from "hono";
import type { SessionUser } from "../../contracts/staff/staff.ts";
import type { AuditAction } from "../../contracts/audit/audit.ts";
import type { Service } from "../../contracts/services/service.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { ServiceInputSchema } from "../../contracts/services/schemas.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { REVALIDATE, sendJsonEntry } from "../../http/etag.ts";
import { validateJson } from "../../http/validate.ts";
import type { AuditRepo } from "../../db/audit.ts";
import type { ServicesCache } from "./cache.ts";
import type { ServicesRepo } from "./repo.ts";
import { keepPackagesSpanish } from "./package-spanish.ts";

export interface ServicesDeps {
  repo: ServicesRepo;
  audit: AuditRepo;
  requireAdmin: MiddlewareHandler<AppEnv>;
  cache: ServicesCache;
}

/**
 * /api/services: public reads from the in-memory list (with an ETag, see etag.ts), admin writes, each write audited
 * in its own transaction and dropping every instance's list once committed.
 */
export function servicesRoutes({ repo, audit, requireAdmin, cache }: ServicesDeps) {
  const found = (service: Service | null): Service => {
    if (!service) throw new NotFound(MESSAGES.serviceNotFound);
    return service;
  };
  const entry = (admin: SessionUser, entityId: string, action: AuditAction) =>
    ({ actor: staffActor(admin), entityType: "service", entityId, action }) as const;

  return (
    new Hono<AppEnv>()
      .get("/", publicRoute, async (c) => sendJsonEntry(c, await cache.list()))
      // One row by key, read fresh: the etag() middleware tags it, and a client holding it gets a 304.
      .get("/:id", publicRoute, async (c) =>
        c.json(found(await repo.get(c.req.param("id"))), 200, { "Cache-Control": REVALIDATE }),
      )
      .post("/", requireAdmin, validateJson(ServiceInputSchema), async (c) => {
        const service = await repo.transaction(async (tx) => {
          const created = await repo.create(tx, c.req.valid("json"));
          await audit.record(tx, { ...entry(c.get("user"), created._id, "create"), before: null, after: created });
          return created;
        });
        cache.changed();
        return c.json({ data: service }, 201);
      })
      .put("/:id", requireAdmin, validateJson(ServiceInputSchema), async (c) => {
        const service = await repo.transaction(async (tx) => {
          const before = found(await repo.getForUpdate(tx, c.req.param("id")));
          const input = keepPackagesSpanish(c.req.valid("json"), before.packages);
          const after = found(await repo.update(tx, before._id, input));
          await audit.record(tx, { ...entry(c.get("user"), before._id, "update"), before, after });
          return after;
        });
        cache.changed();
        return c.json({ data: service });
      })
      .delete("/:id", requireAdmin, async (c) => {
        const deleted = await repo.transaction(async (tx) => {
          const removed = found(await repo.remove(tx, c.req.param("id")));
          await audit.record(tx, { ...entry(c.get("user"), removed._id, "delete"), before: removed, after: null });
          return removed;
        });
        cache.changed();
        return c.json({ data: { _id: deleted._id } });
      })
  );
}
