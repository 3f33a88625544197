import { Hono, type MiddlewareHandler } from "hono";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import { NotFound } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import type { BookingsRepo } from "../repo.ts";
import { maySeeImage } from "./access.ts";
import type { ImageStore } from "./image-store.ts";
import type { VisitsRepo } from "./repo.ts";

/**
 * GET /api/photos/{id}: a job's photo or signature, for staff who may see its booking (admins, its technician, the
 * one who took it); anyone else 404, unsigned 401. Its bytes never change under its id, so the device may keep it.
 */
export function photoRoutes(deps: {
  repo: BookingsRepo;
  visits: VisitsRepo;
  images: ImageStore;
  requireStaff: MiddlewareHandler<AppEnv>;
}) {
  const { repo, visits, images, requireStaff } = deps;
  return new Hono<AppEnv>().get("/:id", requireStaff, async (c) => {
    const record = await visits.image(c.req.param("id"));
    const booking = record ? await repo.get(record.bookingId) : null;
    if (!record || !booking || !maySeeImage(c.get("user"), booking, record.staffId)) {
      throw new NotFound(MESSAGES.photoNotFound);
    }
    const bytes = await images.get(record.storageKey);
    if (!bytes) throw new NotFound(MESSAGES.photoNotFound);
    return c.body(bytes, 200, {
      "Content-Type": record.contentType,
      // Private: a shared cache must never hold a customer's house.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
