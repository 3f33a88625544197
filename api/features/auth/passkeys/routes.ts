import { toSessionUser } from "../repo.ts";
import { Hono, type MiddlewareHandler } from "hono";
import {
  PASSKEY_MESSAGES,
  PasskeyCreateSchema,
  PasskeyReauthSchema,
  PasskeyRenameSchema,
  PasskeySignInSchema,
} from "../../../contracts/staff/passkeys.ts";
import type { Limiters } from "../../../deps.ts";
import { BadRequest, Unauthorized } from "../../../errors.ts";
import { clientIp } from "../../../http/client-ip.ts";
import type { LoginResponse } from "../../../contracts/staff/staff.ts";
import type { AppEnv } from "../../../http/env.ts";
import { publicRoute } from "../../../http/roles.ts";
import { validateJson } from "../../../http/validate.ts";
import type { Logger } from "../../../platform/log.ts";
import { loginLimits } from "../login-limits.ts";
import type { StaffSessions } from "../sessions.ts";
import type { PasskeyService } from "./service.ts";
import { type PasskeySignInDeps, signInWithPasskey } from "./sign-in.ts";

/**
 * /api/account/passkeys: a signed-in staff member's own passkeys. Another person's passkey is not found (404),
 * whoever asks.
 */
export function accountPasskeyRoutes({
  passkeys,
  requireStaff,
  requireRecentSignIn,
}: {
  passkeys: PasskeyService;
  requireStaff: MiddlewareHandler<AppEnv>;
  /** Adding or removing a way in is a step-up action: a stolen session alone cannot plant a passkey of its own. */
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
}) {
  return new Hono<AppEnv>()
    .get("/", requireStaff, async (c) => c.json({ data: await passkeys.list(c.get("user")) }))
    .post("/options", requireStaff, requireRecentSignIn, async (c) =>
      c.json(await passkeys.registrationOptions(c.get("user"))),
    )
    .post("/", requireStaff, requireRecentSignIn, validateJson(PasskeyCreateSchema), async (c) => {
      const { name, response } = c.req.valid("json");
      return c.json({ data: await passkeys.register(c.get("user"), name, response) }, 201);
    })
    .patch("/:id", requireStaff, validateJson(PasskeyRenameSchema), async (c) => {
      const renamed = await passkeys.rename(c.get("user"), c.req.param("id"), c.req.valid("json").name);
      return c.json({ data: renamed });
    })
    .delete("/:id", requireStaff, requireRecentSignIn, async (c) => {
      await passkeys.remove(c.get("user"), c.req.param("id"));
      return c.body(null, 204);
    });
}

export interface PasskeySignInRoutesDeps extends PasskeySignInDeps {
  passkeys: PasskeyService;
  limiters: Pick<Limiters, "loginPerIp" | "loginPerAccount">;
  trustProxy: boolean;
  log: Logger;
}

/**
 * /api/auth/passkey: signing in with a passkey, under the login limits (per client address, and per account once
 * the passkey names one).
 */
export function passkeySignInRoutes(deps: PasskeySignInRoutesDeps) {
  const { passkeys, limiters, trustProxy, log } = deps;
  const attempts = loginLimits(limiters, trustProxy);
  return new Hono<AppEnv>()
    .post("/options", publicRoute, async (c) => c.json(await passkeys.authenticationOptions()))
    .post("/", publicRoute, validateJson(PasskeySignInSchema), async (c) => {
      const { response } = c.req.valid("json");
      const claimed = await passkeys.claimed(response.id);
      const k = attempts.keys(c, claimed.owner?.email ?? `passkey:${response.id}`);
      const outcome = await attempts.checked(k, () => passkeys.authenticate(response, claimed));
      if (!outcome.ok) {
        const { refusal } = outcome;
        log.info({
          msg: "passkey sign-in refused",
          requestId: c.get("requestId"),
          refusal,
          ip: clientIp(c, trustProxy),
        });
        // A ceremony gone stale is the browser's to start again; anything else is told no more than "failed".
        if (refusal === "challenge") throw new BadRequest(PASSKEY_MESSAGES.challengeUsed);
        throw new Unauthorized(PASSKEY_MESSAGES.signInFailed);
      }
      await attempts.succeeded(k);
      log.info({ msg: "login", requestId: c.get("requestId"), adminId: outcome.staff._id, factor: "passkey" });
      const device = { userAgent: c.req.header("User-Agent") ?? "", ip: clientIp(c, trustProxy) };
      return c.json(await signInWithPasskey(deps, outcome.staff, device));
    });
}

export interface PasskeyReauthRoutesDeps {
  passkeys: PasskeyService;
  sessions: Pick<StaffSessions, "confirmStepUp">;
  limiters: Pick<Limiters, "loginPerIp" | "loginPerAccount">;
  /** Any signed-in staff member confirms it is them. */
  requireStaff: MiddlewareHandler<AppEnv>;
  trustProxy: boolean;
  log: Logger;
}

/**
 * /api/auth/reauth/passkey: a step-up with one of the signed-in person's own passkeys, answered as
 * `POST /api/auth/reauth` answers, under the login limits of that person's account. A refusal is 400, as a wrong
 * password there is: the session is fine, the proof was not (a 401 would sign the screen out).
 */
export function passkeyReauthRoutes(deps: PasskeyReauthRoutesDeps) {
  const { passkeys, sessions, requireStaff, trustProxy, log } = deps;
  const attempts = loginLimits(deps.limiters, trustProxy);
  return new Hono<AppEnv>()
    .post("/options", requireStaff, async (c) => c.json(await passkeys.reauthOptions(c.get("user"))))
    .post("/", requireStaff, validateJson(PasskeyReauthSchema), async (c) => {
      const { response } = c.req.valid("json");
      const user = c.get("user");
      const k = attempts.keys(c, user.email);
      const outcome = await attempts.checked(k, async () =>
        passkeys.authenticate(response, await passkeys.claimed(response.id), user),
      );
      if (!outcome.ok) {
        const { refusal } = outcome;
        log.info({ msg: "passkey step-up refused", requestId: c.get("requestId"), adminId: user._id, refusal });
        throw new BadRequest(refusal === "challenge" ? PASSKEY_MESSAGES.challengeUsed : PASSKEY_MESSAGES.reauthFailed);
      }
      await attempts.giveBackAttempt(k);
      log.info({ msg: "step-up", requestId: c.get("requestId"), adminId: user._id, factor: "passkey" });
      const body: LoginResponse = await sessions.confirmStepUp(c.get("session").id, {
        // As a sign-in answers them, with the language the token does not carry (the passkey is theirs).
        user: toSessionUser(outcome.staff),
        factors: ["passkey"],
        userAgent: c.req.header("User-Agent") ?? "",
        ip: clientIp(c, trustProxy),
      });
      return c.json(body);
    });
}
