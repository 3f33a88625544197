import { publicRoute } from "../../http/roles.ts";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { SessionUser, LoginResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { LoginInputSchema, PasswordChangeSchema } from "../../contracts/staff/schemas.ts";
import type { Limiters } from "../../deps.ts";
import { BadRequest, TooManyRequests, Unauthorized } from "../../errors.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import type { TokenService } from "../../platform/tokens.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import { validateJson } from "../../http/validate.ts";
import { hashPassword, verifyPassword } from "../../platform/passwords.ts";
import type { AdminRecord, AdminsRepo } from "./repo.ts";

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
  const keys = (c: Context, email: string) => ({
    ip: `login:${clientIp(c, trustProxy)}`,
    account: `login-account:${email.toLowerCase()}`,
  });
  /**
   * Takes one attempt from the address and one from the account before the password is checked, in one step
   * each: parallel guesses cannot all pass a check that none of them has counted yet. 429 when either has used
   * up its failures; the refused request then holds no attempt.
   */
  const takeAttempt = async (k: { ip: string; account: string }) => {
    const [ip, account] = await Promise.all([limiters.loginPerIp.take(k.ip), limiters.loginPerAccount.take(k.account)]);
    if (ip.allowed && account.allowed) return;
    await Promise.all([
      ip.allowed && limiters.loginPerIp.giveBack(k.ip),
      account.allowed && limiters.loginPerAccount.giveBack(k.account),
    ]);
    throw new TooManyRequests(Math.max(ip.allowed ? 0 : ip.retryAfter, account.allowed ? 0 : account.retryAfter));
  };
  const giveBackAttempt = (k: { ip: string; account: string }) =>
    Promise.all([limiters.loginPerIp.giveBack(k.ip), limiters.loginPerAccount.giveBack(k.account)]);
  /** Runs the password check on an attempt taken: a wrong password keeps it as the failure; an error (the
   *  database away) gives it back, as that was no guess. */
  const checked = async <T>(k: { ip: string; account: string }, check: () => Promise<T>): Promise<T> => {
    await takeAttempt(k);
    try {
      return await check();
    } catch (error) {
      await giveBackAttempt(k);
      throw error;
    }
  };
  const publicUser = ({ passwordHash: _, status: _status, ...user }: AdminRecord): SessionUser => user;

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
      // The account's failures are kept: a success from one address must not hand another one fresh guesses.
      // Only this request's own attempt goes back.
      await Promise.all([limiters.loginPerIp.reset(k.ip), limiters.loginPerAccount.giveBack(k.account)]);
      log.info({ msg: "login", requestId: c.get("requestId"), adminId: admin._id, ip: clientIp(c, trustProxy) });
      await repo.recordSignIn(admin._id, clock.now());
      const user = publicUser(admin);
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
      await giveBackAttempt(k);
      await repo.setPassword(record._id, await hashPassword(newPassword));
      realtime.tokensRevoked(record._id);
      log.info({ msg: "password changed: tokens revoked", requestId: c.get("requestId"), adminId: record._id });
      // Every earlier token is dead now; this one keeps the dashboard that asked signed in.
      const user = publicUser(record);
      const body: LoginResponse = { token: await tokens.sign(user), user };
      return c.json(body);
    });
}
