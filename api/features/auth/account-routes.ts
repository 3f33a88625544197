import { Hono, type MiddlewareHandler } from "hono";
import * as v from "valibot";
import { staffActor } from "../../contracts/common/actor.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { type StaffLanguage, StaffLanguageSchema } from "../../contracts/staff/language.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import {
  factorRequired,
  type RecoveryCodes,
  TotpConfirmSchema,
  type TotpSetup,
  type TotpStatus,
} from "../../contracts/staff/sign-in.ts";
import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson, validateQuery } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import type { FactorsRepo } from "./factors-repo.ts";
import type { PolicyRepo } from "./policy-repo.ts";
import type { AdminsRepo } from "./repo.ts";
import { recordSignInAudit, type StaffSessions } from "./sessions.ts";
import type { StaffSessionsRepo } from "./sessions-repo.ts";
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from "./totp.ts";

export interface AccountDeps {
  sql: Sql;
  factors: FactorsRepo;
  admins: Pick<AdminsRepo, "findById" | "setLocale">;
  policy: Pick<PolicyRepo, "get">;
  sessionsRepo: StaffSessionsRepo;
  sessions: StaffSessions;
  profile: () => Promise<BusinessProfile>;
  clock: Clock;
  requireStaff: MiddlewareHandler<AppEnv>;
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
}

const OthersQuerySchema = v.object({
  others: v.literal("true", "Say others=true to sign out every other device"),
});

/** /api/account: one's own language, second factor and sessions (devices), whatever one's role. */
export function accountRoutes(deps: AccountDeps) {
  const { factors, sessionsRepo, sessions, clock, requireStaff } = deps;
  const me = (user: { _id: string; email: string }) => ({ id: user._id, email: user.email });

  return new Hono<AppEnv>()
    .get("/language", requireStaff, async (c) => {
      const found = await deps.admins.findById(c.get("user")._id);
      if (!found) throw new NotFound();
      const body: StaffLanguage = { locale: found.locale };
      return c.json(body);
    })
    .put("/language", requireStaff, validateJson(StaffLanguageSchema), async (c) => {
      const { locale } = c.req.valid("json");
      if (!(await deps.admins.setLocale(c.get("user")._id, locale))) throw new NotFound();
      const body: StaffLanguage = { locale };
      return c.json(body);
    })
    .get("/totp", requireStaff, async (c) => {
      const id = c.get("user")._id;
      const [totp, left] = await Promise.all([factors.totp(id), factors.recoveryCodesLeft(id)]);
      const body: TotpStatus = { enabled: !!totp?.confirmedAt, recoveryCodesLeft: totp?.confirmedAt ? left : 0 };
      return c.json(body);
    })
    .post("/totp", requireStaff, async (c) => {
      const user = c.get("user");
      const profile = await deps.profile();
      const setup: TotpSetup = newTotpSecret(profile.name, user.email);
      // Pending until a first code confirms it; the secret is never answered again.
      if (!(await factors.startTotp(user._id, setup.secret, clock.now()))) throw new Conflict(MESSAGES.totpAlreadyOn);
      return c.json(setup);
    })
    .post("/totp/confirm", requireStaff, validateJson(TotpConfirmSchema), async (c) => {
      const user = c.get("user");
      const totp = await factors.totp(user._id);
      if (!totp) throw new Conflict(MESSAGES.totpNotStarted);
      if (totp.confirmedAt) throw new Conflict(MESSAGES.totpAlreadyOn);
      const step = totpStep(totp.secret, c.req.valid("json").code, clock.now());
      if (step === null) throw new BadRequest(MESSAGES.wrongCode, [{ path: "code", message: MESSAGES.wrongCode }]);
      const codes = newRecoveryCodes();
      const done = await transaction(deps.sql, async (tx) => {
        if (!(await factors.confirmTotp(tx, user._id, step, codes.map(recoveryCodeHash), clock.now()))) return false;
        await sessionsRepo.factorSetUp(tx, user._id);
        await recordSignInAudit(tx, "factor_added", me(user), staffActor(user), { factor: "totp" });
        return true;
      });
      if (!done) throw new Conflict(MESSAGES.totpAlreadyOn);
      const body: RecoveryCodes = { recoveryCodes: codes };
      return c.json(body);
    })
    .delete("/totp", requireStaff, deps.requireRecentSignIn, async (c) => {
      const user = c.get("user");
      // The business requires a second factor of this role: it cannot be turned off (only replaced, later).
      if (factorRequired(user.role, await deps.policy.get())) throw new Conflict(MESSAGES.factorSetupRequired);
      const removed = await transaction(deps.sql, async (tx) => {
        if (!(await factors.removeTotp(tx, user._id))) return false;
        await recordSignInAudit(tx, "factor_removed", me(user), staffActor(user), { factor: "totp" });
        return true;
      });
      if (!removed) throw new NotFound(MESSAGES.totpNotOn);
      return c.body(null, 204);
    })
    .get("/sessions", requireStaff, async (c) => {
      const user = c.get("user");
      return c.json(await sessionsRepo.list(user._id, clock.now(), c.get("session").id));
    })
    .delete("/sessions", requireStaff, validateQuery(OthersQuerySchema), async (c) => {
      const user = c.get("user");
      const ended = await sessions.revokeOthers(me(user), c.get("session").id, staffActor(user));
      return c.json({ revoked: ended });
    })
    .delete("/sessions/:id", requireStaff, async (c) => {
      const user = c.get("user");
      if (!(await sessions.revoke(me(user), c.req.param("id"), staffActor(user)))) throw new NotFound();
      return c.body(null, 204);
    });
}
