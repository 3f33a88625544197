import { publicRoute } from "../../http/roles.ts";
import { Hono, type MiddlewareHandler } from "hono";
import type { ContactMessage } from "../../contracts/contact/contact.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { ContactInputSchema, ContactListQuerySchema, MessageReadSchema } from "../../contracts/contact/schemas.ts";
import type { IdempotencyStore } from "../../db/idempotency.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { bodyHash, idempotencyKey } from "../../http/idempotency.ts";
import { validateJson, validateQuery } from "../../http/validate.ts";
import type { Outbox } from "../../outbox/outbox.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import type { ContactRepo } from "./repo.ts";

export interface ContactDeps {
  repo: ContactRepo;
  idempotency: IdempotencyStore;
  realtime: RealtimeEmitter;
  outbox: Pick<Outbox, "write" | "wake">;
  /** The business as the settings hold it now: who the e-mail is for and from. */
  profile: () => Promise<BusinessProfile>;
  requireAdmin: MiddlewareHandler<AppEnv>;
}

/** /api/contact: a visitor's message, e-mailed to the business and kept for the staff's Messages tab. */
export function contactRoutes({ repo, idempotency, realtime, outbox, profile, requireAdmin }: ContactDeps) {
  return new Hono<AppEnv>()
    .post("/", publicRoute, validateJson(ContactInputSchema), async (c) => {
      const input = c.req.valid("json");
      const request = { route: "POST /api/contact", key: idempotencyKey(c), bodyHash: bodyHash(input) };
      const business = await profile();
      let stored: ContactMessage | undefined;
      const outcome = await idempotency.run(request, async (tx) => {
        stored = await repo.insert(tx, input);
        // The e-mail to the business exists exactly when the message does.
        await outbox.write(tx, [{ kind: "contact-received", message: stored, profile: business }]);
        // The visitor's answer (also kept with the Idempotency-Key) holds no more than it did before.
        return { status: 201, body: { data: { _id: stored._id, createdAt: stored.createdAt } } };
      });
      // A replay stored nothing new: no second event, nothing new to send.
      if (!outcome.replayed && stored) {
        realtime.contactMessage(stored);
        outbox.wake();
      }
      return c.json(outcome.body, outcome.status as 201);
    })
    .get("/", requireAdmin, validateQuery(ContactListQuerySchema), async (c) => {
      return c.json(await repo.page(c.req.valid("query")));
    })
    .put("/:id/read", requireAdmin, validateJson(MessageReadSchema), async (c) => {
      const { read } = c.req.valid("json");
      const id = c.req.param("id");
      const message = await repo.setRead(id, read);
      if (!message) throw new NotFound(MESSAGES.messageNotFound);
      return c.json({ data: message });
    });
}
