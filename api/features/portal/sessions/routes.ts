import { type Context, Hono, type MiddlewareHandler } from "hono";
import {
  type CustomerSessionResponse,
  PORTAL_MESSAGES,
  portalSignInPath,
  SIGN_IN_LINK_MINUTES,
} from "../../../contracts/portal/portal.ts";
import { localeOfAcceptLanguage } from "../../../contracts/i18n/locales.ts";
import { SessionRequestSchema, SIGN_IN_TOKEN, SignInRequestSchema } from "../../../contracts/portal/schemas.ts";
import type { BusinessProfile } from "../../../contracts/settings/profile.ts";
import type { Limiters } from "../../../deps.ts";
import { TooManyRequests, Unauthorized } from "../../../errors.ts";
import { clientIp } from "../../../http/client-ip.ts";
import { localizedError } from "../../../i18n/errors.ts";
import { clearCustomerCookie, requireSameOrigin, setCustomerCookie } from "../../../http/customer-cookie.ts";
import type { AppEnv } from "../../../http/env.ts";
import { publicRoute } from "../../../http/roles.ts";
import { validateJson } from "../../../http/validate.ts";
import type { Outbox } from "../../../outbox/outbox.ts";
import type { Clock } from "../../../platform/clock.ts";
import { type CustomerSessions, randomToken, tokenHash } from "../../../platform/customer-sessions.ts";
import type { Logger } from "../../../platform/log.ts";
import type { SignInRepo } from "./repo.ts";

export interface PortalSessionDeps {
  repo: SignInRepo;
  customers: CustomerSessions;
  outbox: Pick<Outbox, "write" | "wake">;
  profile: () => Promise<BusinessProfile>;
  limiters: Pick<Limiters, "portalSignInPerEmail" | "portalSignInPerClient">;
  requireCustomer: MiddlewareHandler<AppEnv>;
  clock: Clock;
  trustProxy: boolean;
  /** The site's public origin: the sign-in's exchange is taken from its pages only. */
  publicOrigin: string;
  log: Logger;
}

/**
 * The portal's sign-in: POST /sign-in e-mails a one-time link to an address that has bookings and answers the same
 * 202 for any address; POST /sessions trades the link's token for a customer session, set as its cookie; GET
 * /sessions/current says who is signed in; DELETE /sessions/current signs out and clears the cookie.
 */
export function portalSessionRoutes(deps: PortalSessionDeps) {
  const { repo, customers, outbox, limiters, clock, trustProxy, log } = deps;

  /**
   * One attempt from the address and one from the client, whatever the address: counting only addresses that have
   * bookings would make the 429 tell who is a customer. Refused by either, neither keeps its attempt and the answer
   * says the same.
   */
  const takeAttempt = async (c: Context<AppEnv>, email: string) => {
    const keys = { email: `portal-sign-in:${email}`, client: `portal-sign-in-ip:${clientIp(c, trustProxy)}` };
    const [perEmail, perClient] = await Promise.all([
      limiters.portalSignInPerEmail.take(keys.email),
      limiters.portalSignInPerClient.take(keys.client),
    ]);
    if (perEmail.allowed && perClient.allowed) return;
    await Promise.all([
      perEmail.allowed && limiters.portalSignInPerEmail.giveBack(keys.email),
      perClient.allowed && limiters.portalSignInPerClient.giveBack(keys.client),
    ]);
    const waits = [perEmail, perClient].map((t) => (t.allowed ? 0 : t.retryAfter));
    throw new TooManyRequests(Math.max(...waits));
  };

  return new Hono<AppEnv>()
    .post("/sign-in", publicRoute, validateJson(SignInRequestSchema), async (c) => {
      const { email } = c.req.valid("json");
      await takeAttempt(c, email);
      const locale = await repo.bookedIn(email);
      if (locale) {
        const token = randomToken();
        const expiresAt = new Date(clock.now().getTime() + SIGN_IN_LINK_MINUTES * 60_000);
        const profile = await deps.profile();
        await repo.issue({ email, hash: tokenHash(token), expiresAt }, (tx) =>
          outbox.write(tx, [
            { kind: "portal-sign-in", email, path: portalSignInPath(token), expiresAt, profile, locale },
          ]),
        );
        outbox.wake();
        log.info({ msg: "portal sign-in link sent", requestId: c.get("requestId") });
      }
      // In the language the page asked in, never the one on a record: the answer may not tell who has bookings.
      const asked = localeOfAcceptLanguage(c.req.header("Accept-Language"));
      return c.json({ message: localizedError(PORTAL_MESSAGES.signInSent, asked) }, 202);
    })
    .post("/sessions", publicRoute, validateJson(SessionRequestSchema), async (c) => {
      // Another site must not sign the browser in to a session of its choosing (its own link's).
      requireSameOrigin(c, deps.publicOrigin);
      const { token } = c.req.valid("json");
      const email = SIGN_IN_TOKEN.test(token) ? await repo.redeem(tokenHash(token), clock.now()) : null;
      if (!email) throw new Unauthorized(PORTAL_MESSAGES.signInLinkInvalid);
      const session = await customers.create(email);
      log.info({ msg: "portal session started", requestId: c.get("requestId") });
      setCustomerCookie(c, session.token, session.expiresAt, clock.now());
      const body: CustomerSessionResponse = { expiresAt: session.expiresAt.toISOString(), email };
      return c.json(body, 201);
    })
    .get("/sessions/current", deps.requireCustomer, (c) => {
      const { email, expiresAt } = c.get("customer");
      const data: CustomerSessionResponse = { email, expiresAt: expiresAt.toISOString() };
      return c.json({ data }, 200, { "Cache-Control": "private, no-store" });
    })
    .delete("/sessions/current", deps.requireCustomer, async (c) => {
      await customers.revoke(c.get("customer").sessionId);
      clearCustomerCookie(c);
      return c.body(null, 204);
    });
}
