import { publicRoute } from "../../http/roles.ts";
import { Hono, type MiddlewareHandler } from "hono";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { LoginInputSchema, PasswordChangeSchema } from "../../contracts/staff/schemas.ts";
import type { Limiters } from "../../deps.ts";
import { BadRequest, Unauthorized } from "../../errors.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import type { TokenService } from "../../platform/tokens.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import { validateJson } from "../../http/validate.ts";
import { hashPassword, verifyPassword } from "../../platform/passwords.ts";
import { type AdminsRepo, toSessionUser } from "./repo.ts";
import { loginAttempts } from "./attempts.ts";

export interface AuthDeps {
  repo: AdminsRepo;
  tokens: TokenService;
  limiters: Pick<Limiters, "loginPerIp" | "loginPerAccount">;
  /** Any signed-in staff member: logout and a password change are everyone's. */
  requireStaff: MiddlewareHandler<AppEnv>;
  clock: Clock;
  trustProxy: boolean;
  log: Logger;
  /** Closes the revoked admin's open sockets, which a token checked only at the handshake would keep. */
  realtime: Pick<RealtimeEmitter, "tokensRevoked">;
}

// An unknown e-mail is checked against this hash so it takes as long as a wrong password.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword(crypto.randomUUID()));

/**
 * /api/auth: admins exchange e-mail and password for a bearer token, revoke their tokens (logout) and
 * change their password. Password guesses are limited per client address and per account.
 */
export function authRoutes({ repo, tokens, limiters, requireStaff, clock, trustProxy, log, realtime }: AuthDeps) {
  const attempts = loginAttempts(limiters, trustProxy);
  const { keys, checked } = attempts;

  return new Hono<AppEnv>()
    .post("/login", publicRoute, validateJson(LoginInputSchema), async (c) => {
      const { email, password } = c.req.valid("json");
      const k = keys(c, email);
      const admin = await checked(k, async () => {
        const found = await repo.findByEmail(email);
        const ok = await verifyPassword(password, found?.passwordHash ?? (await decoy()));
        // An invited person has no password yet; a deactivated one may not sign in (and is told no more).
        return ok && found?.status === "active" ? found : null;
      });
      if (!admin) {
        log.info({ msg: "login failed", requestId: c.get("requestId"), email, ip: clientIp(c, trustProxy) });
        throw new Unauthorized(MESSAGES.invalidCredentials);
      }
      await attempts.succeeded(k);
      log.info({ msg: "login", requestId: c.get("requestId"), adminId: admin._id, ip: clientIp(c, trustProxy) });
      await repo.recordSignIn(admin._id, clock.now());
      const user = toSessionUser(admin);
      const body: LoginResponse = { token: await tokens.sign(user), user };
      return c.json(body);
    })
    .post("/logout", requireStaff, async (c) => {
      const admin = c.get("user");
      await repo.revokeTokens(admin._id);
      realtime.tokensRevoked(admin._id);
      log.info({ msg: "logout: tokens revoked", requestId: c.get("requestId"), adminId: admin._id });
      return c.body(null, 204);
    })
    .put("/password", requireStaff, validateJson(PasswordChangeSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const record = await repo.findById(c.get("user")._id);
      if (!record) throw new Unauthorized();
      const k = keys(c, record.email);
      // A stolen token must not turn into a way of guessing the password.
      if (!(await checked(k, () => verifyPassword(currentPassword, record.passwordHash)))) {
        log.info({ msg: "password change refused", requestId: c.get("requestId"), adminId: record._id });
        throw new BadRequest(MESSAGES.wrongCurrentPassword, [
          { path: "currentPassword", message: MESSAGES.wrongCurrentPassword },
        ]);
      }
      await attempts.giveBack(k);
      await repo.setPassword(record._id, await hashPassword(newPassword));
      realtime.tokensRevoked(record._id);
      log.info({ msg: "password changed: tokens revoked", requestId: c.get("requestId"), adminId: record._id });
      // Every earlier token is dead now; this one keeps the dashboard that asked signed in.
      const user = toSessionUser(record);
      const body: LoginResponse = { token: await tokens.sign(user), user };
      return c.json(body);
    });
}
