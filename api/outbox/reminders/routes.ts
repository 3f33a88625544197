import { publicRoute } from "../../http/roles.ts";
import { Hono, type MiddlewareHandler } from "hono";
import { unsubscribePath } from "../../contracts/outbox/reminders.ts";
import { NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { type RemindersRepo, UNSUBSCRIBE_TOKEN } from "./repo.ts";

export const UNSUBSCRIBE_NOT_FOUND = "That unsubscribe link is not valid. Call us and we will take you off the list.";

/**
 * /api/unsubscribe: the one-click unsubscribe of the rebook reminder (RFC 8058). POST /{token} needs no login: the
 * token is the customer's own, from their e-mail; mail programs POST `List-Unsubscribe=One-Click` there themselves.
 * GET /{token} (a person opening the header's link) shows the page with the button instead: a link checker
 * fetching it must not unsubscribe anyone. GET / lists who unsubscribed, for owners and admins.
 */
export function unsubscribeRoutes({
  repo,
  requireAdmin,
}: {
  repo: RemindersRepo;
  requireAdmin: MiddlewareHandler<AppEnv>;
}) {
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => c.json({ data: await repo.unsubscribed() }))
    .get("/:token", publicRoute, (c) => {
      const token = c.req.param("token");
      if (!UNSUBSCRIBE_TOKEN.test(token)) throw new NotFound(UNSUBSCRIBE_NOT_FOUND);
      return c.redirect(unsubscribePath(token), 303);
    })
    .post("/:token", publicRoute, async (c) => {
      const done = await repo.unsubscribe(c.req.param("token"));
      if (!done) throw new NotFound(UNSUBSCRIBE_NOT_FOUND);
      return c.json({ data: { unsubscribed: true } });
    });
}
