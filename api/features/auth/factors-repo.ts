import type { Sql, Tx } from "../../db/client.ts";
import type { Sealer } from "../../platform/sealed.ts";

/** What the sealer's key for TOTP keys is derived for: another purpose gets another key from the same root. */
export const TOTP_SEAL_PURPOSE = "clearflow staff totp key v1";

/** A person's TOTP secret; `confirmedAt` null while it waits for its first code. */
export interface TotpRecord {
  secret: string;
  confirmedAt: Date | null;
  lastStep: number;
}

/** The second factors (TOTP and its recovery codes) and the login's pending second steps. */
export interface FactorsRepo {
  totp(staffId: string): Promise<TotpRecord | null>;
  /** A new pending secret, replacing a pending one; false when the person already has an active one. */
  startTotp(staffId: string, secret: string, at: Date): Promise<boolean>;
  /** Makes the pending secret active at `step`, with the recovery codes' hashes (replacing older ones). */
  confirmTotp(tx: Tx, staffId: string, step: number, codeHashes: string[], at: Date): Promise<boolean>;
  /**
   * Notes a code accepted for `step`: false when that step (or a later one) was used already, so a code is never
   * accepted twice, even by two requests at once.
   */
  useStep(staffId: string, step: number): Promise<boolean>;
  /** Drops the TOTP and the recovery codes; false when there was none. */
  removeTotp(tx: Tx, staffId: string): Promise<boolean>;
  /** Spends a recovery code: false for an unknown or spent one. */
  useRecoveryCode(tx: Tx, staffId: string, codeHash: string, at: Date): Promise<boolean>;
  recoveryCodesLeft(staffId: string): Promise<number>;
  /** A login's second step, kept by the hash of its challenge. */
  createChallenge(staffId: string, challengeHash: string, expiresAt: Date): Promise<void>;
  /** The person of an open challenge (not used, not expired, not locked), or null. */
  challenge(challengeHash: string, now: Date, maxFailures: number): Promise<{ staffId: string } | null>;
  /** Counts a wrong code against the challenge: the failures so far. */
  failChallenge(challengeHash: string): Promise<number>;
  /** Ends the challenge; false when another request ended it first. */
  useChallenge(challengeHash: string, at: Date): Promise<boolean>;
}

/** `sealer` keeps the TOTP keys sealed at rest: nobody who reads the table or a backup can make codes. */
export function createFactorsRepo(sql: Sql, sealer: Sealer): FactorsRepo {
  return {
    async totp(staffId) {
      const [row] = await sql<{ secret: string; confirmed_at: Date | null; last_step: string }[]>`
        select secret, confirmed_at, last_step from staff_totp where staff_id = ${staffId}`;
      if (!row) return null;
      return { secret: await sealer.open(row.secret), confirmedAt: row.confirmed_at, lastStep: Number(row.last_step) };
    },
    async startTotp(staffId, secret, at) {
      const sealed = await sealer.seal(secret);
      const rows = await sql`
        insert into staff_totp (staff_id, secret, created_at) values (${staffId}, ${sealed}, ${at})
        on conflict (staff_id) do update set secret = excluded.secret, created_at = excluded.created_at,
          last_step = 0
        where staff_totp.confirmed_at is null
        returning staff_id`;
      return rows.length > 0;
    },
    async confirmTotp(tx, staffId, step, codeHashes, at) {
      const rows = await tx`
        update staff_totp set confirmed_at = ${at}, last_step = ${step}
        where staff_id = ${staffId} and confirmed_at is null
        returning staff_id`;
      if (rows.length === 0) return false;
      await tx`delete from staff_recovery_codes where staff_id = ${staffId}`;
      await tx`
        insert into staff_recovery_codes ${tx(codeHashes.map((code_hash) => ({ staff_id: staffId, code_hash })))}`;
      return true;
    },
    async useStep(staffId, step) {
      const rows = await sql`
        update staff_totp set last_step = ${step} where staff_id = ${staffId} and last_step < ${step}
        returning staff_id`;
      return rows.length > 0;
    },
    async removeTotp(tx, staffId) {
      await tx`delete from staff_recovery_codes where staff_id = ${staffId}`;
      const rows = await tx`delete from staff_totp where staff_id = ${staffId} returning staff_id`;
      return rows.length > 0;
    },
    async useRecoveryCode(tx, staffId, codeHash, at) {
      const rows = await tx`
        update staff_recovery_codes set used_at = ${at}
        where staff_id = ${staffId} and code_hash = ${codeHash} and used_at is null
        returning code_hash`;
      return rows.length > 0;
    },
    async recoveryCodesLeft(staffId) {
      const [{ count }] = await sql<{ count: number }[]>`
        select count(*)::int as count from staff_recovery_codes where staff_id = ${staffId} and used_at is null`;
      return count;
    },
    async createChallenge(staffId, challengeHash, expiresAt) {
      await sql`
        insert into staff_mfa_challenges (token_hash, staff_id, expires_at)
        values (${challengeHash}, ${staffId}, ${expiresAt})`;
    },
    async challenge(challengeHash, now, maxFailures) {
      const [row] = await sql<{ staff_id: string }[]>`
        select staff_id from staff_mfa_challenges
        where token_hash = ${challengeHash} and used_at is null and expires_at > ${now} and failures < ${maxFailures}`;
      return row ? { staffId: row.staff_id } : null;
    },
    async failChallenge(challengeHash) {
      const [row] = await sql<{ failures: number }[]>`
        update staff_mfa_challenges set failures = failures + 1 where token_hash = ${challengeHash}
        returning failures`;
      return row?.failures ?? 0;
    },
    async useChallenge(challengeHash, at) {
      const rows = await sql`
        update staff_mfa_challenges set used_at = ${at} where token_hash = ${challengeHash} and used_at is null
        returning token_hash`;
      return rows.length > 0;
    },
  };
}
