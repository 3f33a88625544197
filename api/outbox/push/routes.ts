import { Hono, type MiddlewareHandler } from "hono";
import { isAllowedEndpoint } from "../../contracts/outbox/push.ts";
import { PushSubscriptionSchema, PushUnsubscribeSchema } from "../../contracts/outbox/push-schemas.ts";
import { BadRequest } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { PushRepo, VapidKeys } from "./repo.ts";

const ENDPOINT_REFUSED = "Notifications can only be sent through a browser's push service.";

export interface PushRoutesDeps {
  repo: PushRepo;
  keys: () => Promise<VapidKeys>;
  /** The push services a subscription may point to (PUSH_ENDPOINT_ORIGINS). */
  endpointOrigins: string[];
  requireStaff: MiddlewareHandler<AppEnv>;
}

/** /api/push: staff devices turning notifications on and off. Signed-in staff only, any role. */
export function pushRoutes({ repo, keys, endpointOrigins, requireStaff }: PushRoutesDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireStaff)
      .get("/key", async (c) => c.json({ key: (await keys()).publicKey }))
      // The server will send requests to this address: only a known push service is accepted (no SSRF).
      .post("/subscriptions", validateJson(PushSubscriptionSchema), async (c) => {
        const { endpoint, keys } = c.req.valid("json");
        if (!isAllowedEndpoint(endpoint, endpointOrigins)) throw new BadRequest(ENDPOINT_REFUSED);
        await repo.subscribe(c.get("user")._id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
        return c.json({ data: { endpoint } }, 201);
      })
      .delete("/subscriptions", validateJson(PushUnsubscribeSchema), async (c) => {
        await repo.unsubscribe(c.get("user")._id, c.req.valid("json").endpoint);
        return c.body(null, 204);
      })
  );
}
