import { publicRoute } from "../../http/roles.ts";
import { Hono, type MiddlewareHandler } from "hono";
import type { LoginResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { type Actor, staffActor } from "../../contracts/common/actor.ts";
import { LoginInputSchema, PasswordChangeSchema } from "../../contracts/staff/schemas.ts";
import {
  factorRequired,
  LoginMfaSchema,
  MFA_CHALLENGE_MS,
  MFA_MAX_FAILURES,
  type MfaRequiredResponse,
  ReauthSchema,
  type SignInFactor,
} from "../../contracts/staff/sign-in.ts";
import type { Limiters } from "../../deps.ts";
import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { BadRequest, Forbidden, Unauthorized } from "../../errors.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { AppEnv } from "../../http/env.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import type { TokenService } from "../../platform/tokens.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import { validateJson } from "../../http/validate.ts";
import { randomToken, tokenHash } from "../../platform/customer-sessions.ts";
import { hashPassword, verifyPassword } from "../../platform/passwords.ts";
import type { FactorsRepo } from "./factors-repo.ts";
import { loginLimits } from "./login-limits.ts";
import type { PolicyRepo } from "./policy-repo.ts";
import { type AdminRecord, type AdminsRepo, toSessionUser } from "./repo.ts";
import { secondFactor } from "./second-factor.ts";
import { recordSignInAudit, type StaffSessions } from "./sessions.ts";

export interface AuthDeps {
  sql: Sql;
  repo: AdminsRepo;
  factors: FactorsRepo;
  policy: Pick<PolicyRepo, "get">;
  sessions: StaffSessions;
  tokens: TokenService;
  limiters: Pick<Limiters, "loginPerIp" | "loginPerAccount">;
  /** Any signed-in staff member: logout and a password change are everyone's. */
  requireStaff: MiddlewareHandler<AppEnv>;
  clock: Clock;
  trustProxy: boolean;
  log: Logger;
  /** Closes the revoked admin's open sockets, which a token checked only at the handshake would keep. */
  realtime: Pick<RealtimeEmitter, "tokensRevoked" | "sessionRevoked">;
  /** Whether the person has a passkey, which proves the second factor a password alone does not. */
  hasPasskey: (staffId: string) => Promise<boolean>;
  /** scrypt's cost for a new password's hash (config's passwordHashCost). */
  passwordCost: number;
}

/**
 * /api/auth: staff exchange e-mail and password (and a code, for a person with a second factor) for a session's
 * bearer token, confirm it is them again for a step-up action, end their session (logout) and change their
 * password. Guesses of passwords and codes are limited per client address and per account.
 */
export function authRoutes(deps: AuthDeps) {
  const { repo, factors, sessions, tokens, requireStaff, clock, trustProxy, log, realtime } = deps;
  const limits = loginLimits(deps.limiters, trustProxy);
  const checkFactor = secondFactor({ sql: deps.sql, factors, clock });
  // An unknown e-mail is checked against this hash, of the configured cost, so it takes as long as a wrong password.
  let decoyHash: Promise<string> | null = null;
  const decoy = () => (decoyHash ??= hashPassword(crypto.randomUUID(), deps.passwordCost));
  const audit = (
    action: "sign_in_failed",
    subject: { id: string; email: string },
    actor: Actor,
    details: Record<string, unknown>,
  ) => transaction(deps.sql, (tx) => recordSignInAudit(tx, action, subject, actor, details));
  // A failed sign-in is the person's own attempt, named by the e-mail typed (an unknown one has no account id).
  const attemptBy = (email: string, found: AdminRecord | null): Actor => ({
    kind: "staff",
    id: found?._id ?? null,
    name: found?.name ?? email,
    email: email.toLowerCase(),
  });
  const hasTotp = async (id: string) => !!(await factors.totp(id))?.confirmedAt;

  return new Hono<AppEnv>()
    .post("/login", publicRoute, validateJson(LoginInputSchema), async (c) => {
      const { email, password } = c.req.valid("json");
      const ip = clientIp(c, trustProxy);
      const k = limits.keys(c, email);
      let found: AdminRecord | null = null;
      const admin = await limits.checked(k, async () => {
        found = await repo.findByEmail(email);
        const ok = await verifyPassword(password, found?.passwordHash ?? (await decoy()));
        // An invited person has no password yet; a deactivated one may not sign in (and is told no more).
        return ok && found?.status === "active" ? found : null;
      });
      if (!admin) {
        log.info({ msg: "login failed", requestId: c.get("requestId"), email, ip });
        const subject = { id: (found as AdminRecord | null)?._id ?? email.toLowerCase(), email };
        await audit("sign_in_failed", subject, attemptBy(email, found), { factor: "password", address: ip });
        throw new Unauthorized(MESSAGES.invalidCredentials);
      }
      await limits.succeeded(k);
      if (await hasTotp(admin._id)) {
        // The password was right; the session waits for the code, on whichever instance it comes to.
        const challenge = randomToken();
        await factors.createChallenge(
          admin._id,
          tokenHash(challenge),
          new Date(clock.now().getTime() + MFA_CHALLENGE_MS),
        );
        log.info({ msg: "login: code asked", requestId: c.get("requestId"), adminId: admin._id, ip });
        const body: MfaRequiredResponse = { mfaRequired: true, challenge };
        return c.json(body);
      }
      const setupRequired = factorRequired(admin.role, await deps.policy.get());
      // The policy wants a second factor and the person holds one, a passkey (which signs in whole): they are sent
      // to it, not to set up an authenticator app as if they had none. No session starts on the password alone.
      if (setupRequired && (await deps.hasPasskey(admin._id))) {
        log.info({ msg: "login: passkey asked", requestId: c.get("requestId"), adminId: admin._id, ip });
        throw new Forbidden(MESSAGES.passkeySignInRequired);
      }
      log.info({ msg: "login", requestId: c.get("requestId"), adminId: admin._id, ip });
      const body: LoginResponse = await sessions.startSession({
        user: toSessionUser(admin),
        factors: ["password"],
        userAgent: c.req.header("User-Agent") ?? "",
        ip,
        setupRequired,
      });
      return c.json(body);
    })
    .post("/login/mfa", publicRoute, validateJson(LoginMfaSchema), async (c) => {
      const input = c.req.valid("json");
      const ip = clientIp(c, trustProxy);
      const hash = tokenHash(input.challenge);
      const open = await factors.challenge(hash, clock.now(), MFA_MAX_FAILURES);
      const admin = open ? await repo.findById(open.staffId) : null;
      if (!admin || admin.status !== "active") throw new Unauthorized(MESSAGES.challengeLocked);
      const k = limits.keys(c, admin.email);
      const person = { id: admin._id, email: admin.email };
      const factor = await limits.checked(k, () => checkFactor(person, input, staffActor(admin)));
      if (!factor) {
        const failures = await factors.failChallenge(hash);
        log.info({ msg: "login: wrong code", requestId: c.get("requestId"), adminId: admin._id, ip, failures });
        const kind = "code" in input ? "totp" : "recovery";
        await audit("sign_in_failed", person, staffActor(admin), { factor: kind, address: ip });
        throw new Unauthorized(failures >= MFA_MAX_FAILURES ? MESSAGES.challengeLocked : MESSAGES.wrongCode);
      }
      // Single use: of two requests finishing one challenge, one signs in.
      if (!(await factors.useChallenge(hash, clock.now()))) throw new Unauthorized(MESSAGES.challengeLocked);
      await limits.succeeded(k);
      log.info({ msg: "login", requestId: c.get("requestId"), adminId: admin._id, ip, factor });
      const body: LoginResponse = await sessions.startSession({
        user: toSessionUser(admin),
        factors: ["password", factor],
        userAgent: c.req.header("User-Agent") ?? "",
        ip,
      });
      return c.json(body);
    })
    .post("/reauth", requireStaff, validateJson(ReauthSchema), async (c) => {
      const input = c.req.valid("json");
      const user = c.get("user");
      const record = await repo.findById(user._id);
      if (!record) throw new Unauthorized();
      const k = limits.keys(c, record.email);
      const person = { id: record._id, email: record.email };
      const ok = await limits.checked(k, async () => {
        if (!(await verifyPassword(input.password, record.passwordHash))) return null;
        if (!(await hasTotp(record._id))) return [] as SignInFactor[];
        if (input.code === undefined && input.recoveryCode === undefined) {
          throw new BadRequest(MESSAGES.codeRequired, [{ path: "code", message: MESSAGES.codeRequired }]);
        }
        const factor = await checkFactor(person, input, staffActor(user));
        return factor ? [factor] : null;
      });
      if (!ok) {
        await audit("sign_in_failed", person, staffActor(user), { step: "reauth", address: clientIp(c, trustProxy) });
        throw new BadRequest(MESSAGES.wrongCurrentPassword, [
          { path: "password", message: MESSAGES.wrongCurrentPassword },
        ]);
      }
      await limits.giveBackAttempt(k);
      const body: LoginResponse = await sessions.confirmStepUp(c.get("session").id, {
        // As a sign-in answers them, with the language the token does not carry.
        user: toSessionUser(record),
        factors: ["password", ...ok],
        userAgent: c.req.header("User-Agent") ?? "",
        ip: clientIp(c, trustProxy),
      });
      return c.json(body);
    })
    .post("/logout", requireStaff, async (c) => {
      const admin = c.get("user");
      const session = c.get("session");
      if (session.id) {
        await sessions.revoke({ id: admin._id, email: admin.email }, session.id, staffActor(admin));
        log.info({ msg: "logout: session ended", requestId: c.get("requestId"), adminId: admin._id });
      } else {
        // A token from before sessions names none: all of the person's tokens go, as logout did then.
        await repo.revokeTokens(admin._id);
        realtime.tokensRevoked(admin._id);
        log.info({ msg: "logout: tokens revoked", requestId: c.get("requestId"), adminId: admin._id });
      }
      return c.body(null, 204);
    })
    .put("/password", requireStaff, validateJson(PasswordChangeSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const record = await repo.findById(c.get("user")._id);
      if (!record) throw new Unauthorized();
      const k = limits.keys(c, record.email);
      // A stolen token must not turn into a way of guessing the password.
      if (!(await limits.checked(k, () => verifyPassword(currentPassword, record.passwordHash)))) {
        log.info({ msg: "password change refused", requestId: c.get("requestId"), adminId: record._id });
        throw new BadRequest(MESSAGES.wrongCurrentPassword, [
          { path: "currentPassword", message: MESSAGES.wrongCurrentPassword },
        ]);
      }
      await limits.giveBackAttempt(k);
      await repo.setPassword(record._id, await hashPassword(newPassword, deps.passwordCost));
      realtime.tokensRevoked(record._id);
      const user = toSessionUser(record);
      const session = c.get("session");
      // Every other session ends with its tokens; this one keeps the dashboard that asked signed in.
      await sessions.revokeOthers({ id: record._id, email: record.email }, session.id, staffActor(user));
      log.info({ msg: "password changed: tokens revoked", requestId: c.get("requestId"), adminId: record._id });
      const body: LoginResponse = { token: await tokens.sign(user, session.id ?? undefined), user };
      return c.json(body);
    });
}
