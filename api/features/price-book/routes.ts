import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import type { AuditAction } from "../../contracts/audit/audit.ts";
import type { PriceBookDeleted, PriceBookItem } from "../../contracts/price-book/item.ts";
import { PriceBookItemSchema } from "../../contracts/price-book/schemas.ts";
import type { SessionUser } from "../../contracts/staff/staff.ts";
import type { AuditRepo } from "../../db/audit.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { PriceBookRepo } from "./repo.ts";

export interface PriceBookDeps {
  repo: PriceBookRepo;
  audit: Pick<AuditRepo, "record">;
  requireAdmin: MiddlewareHandler<AppEnv>;
  requireStaff: MiddlewareHandler<AppEnv>;
}

export const PRICE_BOOK_ITEM_NOT_FOUND = "Price book item not found";

/**
 * /api/price-book: every signed-in staff member reads it (a technician only the active items, which are what they
 * may price), admins write it, each write audited in its transaction. Deleting an item an estimate used archives it.
 */
export function priceBookRoutes({ repo, audit, requireAdmin, requireStaff }: PriceBookDeps) {
  const found = (item: PriceBookItem | null): PriceBookItem => {
    if (!item) throw new NotFound(PRICE_BOOK_ITEM_NOT_FOUND);
    return item;
  };
  const entry = (user: SessionUser, entityId: string, action: AuditAction) =>
    ({ actor: staffActor(user), entityType: "price_book", entityId, action }) as const;

  return new Hono<AppEnv>()
    .get("/", requireStaff, async (c) => {
      return c.json({ data: await repo.list(c.get("user").role === "technician") });
    })
    .post("/", requireAdmin, validateJson(PriceBookItemSchema), async (c) => {
      const item = await repo.transaction(async (tx) => {
        const created = await repo.create(tx, c.req.valid("json"));
        await audit.record(tx, { ...entry(c.get("user"), created._id, "create"), before: null, after: created });
        return created;
      });
      return c.json({ data: item }, 201);
    })
    .put("/:id", requireAdmin, validateJson(PriceBookItemSchema), async (c) => {
      const item = await repo.transaction(async (tx) => {
        const before = found(await repo.getForUpdate(tx, c.req.param("id")));
        const after = await repo.update(tx, before._id, c.req.valid("json"));
        await audit.record(tx, { ...entry(c.get("user"), before._id, "update"), before, after });
        return after;
      });
      return c.json({ data: item });
    })
    .delete("/:id", requireAdmin, async (c) => {
      const outcome = await repo.transaction(async (tx): Promise<PriceBookDeleted> => {
        const before = found(await repo.getForUpdate(tx, c.req.param("id")));
        const who = c.get("user");
        if (await repo.usedByEstimate(tx, before._id)) {
          const after = await repo.archive(tx, before._id);
          await audit.record(tx, { ...entry(who, before._id, "archive"), before, after });
          return { _id: before._id, outcome: "archived" };
        }
        await repo.remove(tx, before._id);
        await audit.record(tx, { ...entry(who, before._id, "delete"), before, after: null });
        return { _id: before._id, outcome: "deleted" };
      });
      return c.json({ data: outcome });
    });
}
