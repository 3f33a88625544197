import { type Actor, staffActor } from "../../contracts/common/actor.ts";
import type { AuditAction } from "../../contracts/audit/audit.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { LoginResponse, SessionUser } from "../../contracts/staff/staff.ts";
import type { SignInFactor } from "../../contracts/staff/sign-in.ts";
import { recordAudit } from "../../db/audit.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { Outbox } from "../../outbox/outbox.ts";
import type { Clock } from "../../platform/clock.ts";
import { TOKEN_LIFETIME_SECONDS, type TokenService } from "../../platform/tokens.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import { deviceName } from "./device-name.ts";
import type { AdminsRepo } from "./repo.ts";
import type { StaffSessionsRepo } from "./sessions-repo.ts";

export interface SessionsDeps {
  sql: Sql;
  repo: Pick<AdminsRepo, "recordSignIn">;
  sessions: StaffSessionsRepo;
  tokens: TokenService;
  outbox: Outbox;
  profile: () => Promise<BusinessProfile>;
  clock: Clock;
  realtime: Pick<RealtimeEmitter, "sessionRevoked">;
}

export interface SignIn {
  user: SessionUser;
  factors: SignInFactor[];
  userAgent: string;
  ip: string;
  /** The policy requires a second factor the person has not set up: the session may only set one up. */
  setupRequired?: boolean;
}

/** One line of the audit trail about a person's sign-in, by `actor` (themselves unless an owner acted). */
export const recordSignInAudit = (
  tx: Tx,
  action: AuditAction,
  subject: { id: string; email: string },
  actor: Actor,
  details: Record<string, unknown>,
) => recordAudit(tx, { actor, entityType: "staff", entityId: subject.id, action, before: null, after: details });

/**
 * Sessions of staff sign-ins. Every way of signing in ends in startSession (password, password and code, passkey):
 * it makes the session row, audits the sign-in, e-mails the person when the device is new, and signs the token.
 */
export function staffSessions(deps: SessionsDeps) {
  const { sql, sessions, tokens, outbox, clock, realtime } = deps;

  const startSession = async ({
    user,
    factors,
    userAgent,
    ip,
    setupRequired = false,
  }: SignIn): Promise<LoginResponse> => {
    const at = clock.now();
    const device = deviceName(userAgent);
    const [known, profile] = await Promise.all([sessions.knownDevice(user._id, userAgent), deps.profile()]);
    const sessionId = await transaction(sql, async (tx) => {
      const id = await sessions.create(tx, {
        staffId: user._id,
        device,
        userAgent,
        address: ip,
        factors,
        at,
        expiresAt: new Date(at.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
        setupRequired,
      });
      await recordSignInAudit(tx, "sign_in", { id: user._id, email: user.email }, staffActor(user), {
        sessionId: id,
        device,
        address: ip,
        factors,
      });
      if (!known) {
        await outbox.write(tx, [
          {
            kind: "staff-new-sign-in",
            sign: { name: user.name, email: user.email, device, address: ip, at, locale: user.locale ?? "en" },
            profile,
          },
        ]);
      }
      return id;
    });
    if (!known) outbox.wake();
    await deps.repo.recordSignIn(user._id, at);
    const token = await tokens.sign(user, sessionId);
    return setupRequired ? { token, user, setupRequired: true } : { token, user };
  };

  /** A step-up on the session: the factors just proved count from now. */
  const markStepUp = (sessionId: string, factors: SignInFactor[]) => sessions.verified(sessionId, factors, clock.now());

  /**
   * A step-up confirmed (by password and code, or a passkey): the session's factors count from now, and its token
   * is answered as a sign-in's. A token from before sessions has no session to mark: the confirmation opens one.
   */
  const confirmStepUp = async (
    sessionId: string | null,
    signIn: Omit<SignIn, "setupRequired">,
  ): Promise<LoginResponse> => {
    if (!sessionId) return await startSession(signIn);
    await markStepUp(sessionId, signIn.factors);
    return { token: await tokens.sign(signIn.user, sessionId), user: signIn.user };
  };

  /** Ends one session of `staff` (by themselves or an owner): its requests stop, its sockets close everywhere. */
  const revoke = async (staff: { id: string; email: string }, sessionId: string, actor: Actor) => {
    const at = clock.now();
    const ended = await transaction(sql, async (tx) => {
      if (!(await sessions.revoke(tx, staff.id, sessionId, at))) return false;
      await recordSignInAudit(tx, "session_revoked", staff, actor, { sessionId });
      return true;
    });
    if (ended) realtime.sessionRevoked(sessionId);
    return ended;
  };

  /** Ends every session of `staff` but `keepId`. */
  const revokeOthers = async (staff: { id: string; email: string }, keepId: string | null, actor: Actor) => {
    const at = clock.now();
    const ended = await transaction(sql, async (tx) => {
      const ids = await sessions.revokeOthers(tx, staff.id, keepId, at);
      for (const sessionId of ids) await recordSignInAudit(tx, "session_revoked", staff, actor, { sessionId });
      return ids;
    });
    for (const id of ended) realtime.sessionRevoked(id);
    return ended.length;
  };

  return { startSession, markStepUp, confirmStepUp, revoke, revokeOthers };
}

export type StaffSessions = ReturnType<typeof staffSessions>;
