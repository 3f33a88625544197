import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import type { Customer, Property } from "../../contracts/customers/customer.ts";
import {
  CustomersQuerySchema,
  CustomerUpdateSchema,
  MergeSchema,
  PropertyInputSchema,
} from "../../contracts/customers/schemas.ts";
import type { SessionUser } from "../../contracts/staff/staff.ts";
import type { AuditRepo } from "../../db/audit.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { BadRequest, Conflict, NotFound, StaleVersion } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson, validateQuery } from "../../http/validate.ts";
import { toE164 } from "../../platform/phones.ts";
import type { CustomersRepo, Reader } from "./repo.ts";

export interface CustomersDeps {
  repo: CustomersRepo;
  audit: Pick<AuditRepo, "record">;
  requireAdmin: MiddlewareHandler<AppEnv>;
  requireStaff: MiddlewareHandler<AppEnv>;
}

export const CUSTOMER_NOT_FOUND = "Customer not found";
export const PROPERTY_NOT_FOUND = "Property not found";
export const STALE_CUSTOMER = "This customer was changed by someone else. Reload it and try again.";
export const SAME_ADDRESS = "This customer already has a property at that address";
export const MERGE_ITSELF = "A customer cannot be merged into itself";

/** A technician reads only the customers of their own jobs; the office reads them all. */
const readerOf = (user: SessionUser): Reader => ({ technicianId: user.role === "technician" ? user._id : null });

/**
 * /api/customers: staff read (a technician only the customers of their own jobs; another's answers 404, as if it did
 * not exist), the office writes, lists duplicates and merges. Every write is audited in its transaction.
 */
export function customersRoutes({ repo, audit, requireAdmin, requireStaff }: CustomersDeps) {
  const found = <T>(record: T | null, message = CUSTOMER_NOT_FOUND): T => {
    if (!record) throw new NotFound(message);
    return record;
  };
  const entry = (user: SessionUser, entityId: string) =>
    ({ actor: staffActor(user), entityType: "customer", entityId }) as const;
  /** The office's property write, refused in words when the customer already has that address. */
  const sameAddressRefused = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(SAME_ADDRESS);
      throw error;
    }
  };

  return new Hono<AppEnv>()
    .get("/", requireStaff, validateQuery(CustomersQuerySchema), async (c) => {
      return c.json(await repo.list(c.req.valid("query"), readerOf(c.get("user"))));
    })
    .get("/duplicates", requireAdmin, async (c) => {
      // Reads answer the thing itself, as GET /api/bookings/{id} does; writes answer { data }.
      return c.json(await repo.duplicates());
    })
    .get("/:id", requireStaff, async (c) => {
      return c.json(found(await repo.detail(c.req.param("id"), readerOf(c.get("user")))));
    })
    .put("/:id", requireAdmin, validateJson(CustomerUpdateSchema), async (c) => {
      const input = c.req.valid("json");
      const phones = input.phones.map((p) => {
        const number = toE164(p.number);
        if (!number) throw new BadRequest(`Phone number "${p.number}" is not valid`);
        return { number, label: p.label };
      });
      const after = await repo.transaction(async (tx): Promise<Customer> => {
        const before = found(await repo.lock(tx, c.req.param("id")));
        if (before.version !== input.version) throw new StaleVersion(STALE_CUSTOMER, before);
        const taken = await repo.emailsOfOthers(tx, before._id, input.emails);
        if (taken.length > 0) {
          throw new Conflict(`${taken.join(", ")} already belongs to another customer: merge the two instead`);
        }
        const saved = await repo.update(tx, before._id, { ...input, phones });
        await audit.record(tx, { ...entry(c.get("user"), before._id), action: "update", before, after: saved });
        return saved;
      });
      return c.json({ data: after });
    })
    .post("/:id/properties", requireAdmin, validateJson(PropertyInputSchema), async (c) => {
      const property = await sameAddressRefused(() =>
        repo.transaction(async (tx): Promise<Property> => {
          const customer = found(await repo.lock(tx, c.req.param("id")));
          const made = await repo.addProperty(tx, customer._id, c.req.valid("json"));
          await audit.record(tx, { ...entry(c.get("user"), customer._id), action: "create", before: {}, after: made });
          return made;
        }),
      );
      return c.json({ data: property }, 201);
    })
    .put("/:id/properties/:propertyId", requireAdmin, validateJson(PropertyInputSchema), async (c) => {
      const property = await sameAddressRefused(() =>
        repo.transaction(async (tx): Promise<Property> => {
          const customer = found(await repo.lock(tx, c.req.param("id")));
          const before = found(await repo.property(tx, customer._id, c.req.param("propertyId")), PROPERTY_NOT_FOUND);
          const after = await repo.updateProperty(tx, before._id, c.req.valid("json"));
          await audit.record(tx, { ...entry(c.get("user"), customer._id), action: "update", before, after });
          return after;
        }),
      );
      return c.json({ data: property });
    })
    .post("/:id/properties/:propertyId/archive", requireAdmin, async (c) => {
      return c.json({ data: await archive(c.req.param("id"), c.req.param("propertyId"), c.get("user"), true) });
    })
    .post("/:id/properties/:propertyId/restore", requireAdmin, async (c) => {
      return c.json({ data: await archive(c.req.param("id"), c.req.param("propertyId"), c.get("user"), false) });
    })
    .post("/:id/merge", requireAdmin, validateJson(MergeSchema), async (c) => {
      const keepId = c.req.param("id");
      const fromId = c.req.valid("json").from;
      if (keepId.toLowerCase() === fromId.toLowerCase()) throw new BadRequest(MERGE_ITSELF);
      const result = await repo.transaction(async (tx) => {
        const [keep, from] = await repo.lockPair(tx, keepId, fromId);
        found(keep);
        found(from);
        const merged = await repo.merge(tx, keep!, from!);
        const who = c.get("user");
        const trail = { mergedFrom: from!._id, mergedFromName: from!.name, moved: merged.moved };
        await audit.record(tx, { ...entry(who, keep!._id), action: "merge", before: {}, after: trail });
        await audit.record(tx, {
          ...entry(who, from!._id),
          action: "merge",
          before: {},
          after: { mergedInto: keep!._id, moved: merged.moved },
        });
        return merged;
      });
      return c.json(result);
    });

  async function archive(customerId: string, propertyId: string, user: SessionUser, archived: boolean) {
    return await repo.transaction(async (tx): Promise<Property> => {
      const customer = found(await repo.lock(tx, customerId));
      const before = found(await repo.property(tx, customer._id, propertyId), PROPERTY_NOT_FOUND);
      const after = await repo.archiveProperty(tx, before._id, archived);
      await audit.record(tx, { ...entry(user, customer._id), action: archived ? "archive" : "restore", before, after });
      return after;
    });
  }
}
