import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { Tx } from "../../db/client.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import type { AuditRecord } from "../../db/audit.ts";
import type { Outbox } from "../outbox.ts";

export interface MailRoutesDeps {
  outbox: Pick<Outbox, "resend" | "wake">;
  audit: { record(tx: Tx, entry: AuditRecord): Promise<void> };
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  requireAdmin: MiddlewareHandler<AppEnv>;
}

/** /api/mail/{id}: the outbox's messages, for admins. */
export function mailRoutes({ outbox, audit, transaction, requireAdmin }: MailRoutesDeps) {
  return new Hono<AppEnv>().post("/:id/resend", requireAdmin, async (c) => {
    const record = await transaction(async (tx) => {
      const resent = await outbox.resend(tx, c.req.param("id"));
      if (!resent) throw new NotFound(MESSAGES.mailNotFound);
      await audit.record(tx, {
        actor: staffActor(c.get("user")),
        entityType: "mail",
        entityId: resent._id,
        action: "resend",
        before: { status: "failed", to: resent.to, subject: resent.subject },
        after: { status: resent.status, to: resent.to, subject: resent.subject },
      });
      return resent;
    });
    outbox.wake();
    return c.json({ data: record });
  });
}
