import type { Actor } from "../../contracts/common/actor.ts";
import type { SignInFactor } from "../../contracts/staff/sign-in.ts";
import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { Clock } from "../../platform/clock.ts";
import type { FactorsRepo } from "./factors-repo.ts";
import { recordSignInAudit } from "./sessions.ts";
import { recoveryCodeHash, totpStep } from "./totp.ts";

/**
 * Checks a second factor of a person with TOTP: a code right within ±1 step and newer than the last one used, or
 * an unspent recovery code (spent here, and audited). The factor it proved, or null.
 */
export function secondFactor(deps: { sql: Sql; factors: FactorsRepo; clock: Clock }) {
  return async (
    person: { id: string; email: string },
    proof: { code?: string; recoveryCode?: string },
    actor: Actor,
  ): Promise<Extract<SignInFactor, "totp" | "recovery"> | null> => {
    const totp = await deps.factors.totp(person.id);
    if (!totp?.confirmedAt) return null;
    if (proof.code !== undefined) {
      const step = totpStep(totp.secret, proof.code, deps.clock.now());
      // Stored before it is accepted: of two requests with one code, only one moves the last step on.
      return step !== null && step > totp.lastStep && (await deps.factors.useStep(person.id, step)) ? "totp" : null;
    }
    if (proof.recoveryCode !== undefined) {
      const hash = recoveryCodeHash(proof.recoveryCode);
      const spent = await transaction(deps.sql, async (tx) => {
        if (!(await deps.factors.useRecoveryCode(tx, person.id, hash, deps.clock.now()))) return false;
        await recordSignInAudit(tx, "recovery_code_used", person, actor, {});
        return true;
      });
      return spent ? "recovery" : null;
    }
    return null;
  };
}
