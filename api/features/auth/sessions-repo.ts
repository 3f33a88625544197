import type { SignInFactor, StaffSessionView } from "../../contracts/staff/sign-in.ts";
import type { Sql, Tx } from "../../db/client.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One staff sign-in, as the step-up check reads it. */
export interface StaffSession {
  _id: string;
  staffId: string;
  device: string;
  /** The factors of the latest sign-in or step-up on this session, and when. */
  factors: SignInFactor[];
  verifiedAt: Date;
}

export interface NewSession {
  staffId: string;
  device: string;
  userAgent: string;
  address: string;
  factors: SignInFactor[];
  at: Date;
  expiresAt: Date;
  /** The policy requires a second factor the person has not set up yet. */
  setupRequired: boolean;
}

/** Staff sessions: every sign-in is one; the token names it, so each can be seen and ended alone. */
export interface StaffSessionsRepo {
  create(tx: Tx, session: NewSession): Promise<string>;
  /** Whether the person signed in before from this browser (the same user agent), ended sessions included. */
  knownDevice(staffId: string, userAgent: string): Promise<boolean>;
  /** An open session of the person, or null. */
  find(staffId: string, id: string): Promise<StaffSession | null>;
  /** Notes the time and address the session was seen at. */
  seen(id: string, at: Date, address: string): Promise<void>;
  /** The person set up a second factor: none of their sessions waits for one any more. */
  factorSetUp(tx: Tx, staffId: string): Promise<void>;
  /** A step-up on the session: these factors, now. */
  verified(id: string, factors: SignInFactor[], at: Date): Promise<void>;
  /** The person's open sessions at `now`, newest first; `currentId` marks the one asking. */
  list(staffId: string, now: Date, currentId: string | null): Promise<StaffSessionView[]>;
  /** Ends one open session of the person; false when there is no such open session. */
  revoke(tx: Tx, staffId: string, id: string, at: Date): Promise<boolean>;
  /** Ends every open session of the person but `keepId`: the ids ended. */
  revokeOthers(tx: Tx, staffId: string, keepId: string | null, at: Date): Promise<string[]>;
}

interface SessionRow {
  id: string;
  staff_id: string;
  device: string;
  factors: SignInFactor[];
  verified_at: Date;
  created_at: Date;
  last_seen_at: Date;
  last_address: string;
}

export function createStaffSessionsRepo(sql: Sql): StaffSessionsRepo {
  return {
    async create(tx, s) {
      const [row] = await tx<{ id: string }[]>`
        insert into staff_sessions (staff_id, device, user_agent, created_at, last_seen_at, last_address, factors,
                                    verified_at, expires_at, setup_required)
        values (${s.staffId}, ${s.device}, ${s.userAgent.slice(0, 500)}, ${s.at}, ${s.at}, ${s.address.slice(0, 100)},
                ${s.factors}, ${s.at}, ${s.expiresAt}, ${s.setupRequired})
        returning id`;
      return row!.id;
    },
    async knownDevice(staffId, userAgent) {
      const [row] = await sql`
        select 1 from staff_sessions where staff_id = ${staffId} and user_agent = ${userAgent.slice(0, 500)} limit 1`;
      return !!row;
    },
    async find(staffId, id) {
      if (!UUID.test(id)) return null;
      const [row] = await sql<SessionRow[]>`
        select * from staff_sessions where id = ${id} and staff_id = ${staffId} and revoked_at is null`;
      return row
        ? { _id: row.id, staffId: row.staff_id, device: row.device, factors: row.factors, verifiedAt: row.verified_at }
        : null;
    },
    async seen(id, at, address) {
      await sql`
        update staff_sessions set last_seen_at = ${at}, last_address = ${address.slice(0, 100)}
        where id = ${id} and last_seen_at < ${at}`;
    },
    async factorSetUp(tx, staffId) {
      await tx`update staff_sessions set setup_required = false where staff_id = ${staffId} and setup_required`;
    },
    async verified(id, factors, at) {
      await sql`update staff_sessions set factors = ${factors}, verified_at = ${at}, last_seen_at = ${at} where id = ${id}`;
    },
    async list(staffId, now, currentId) {
      const rows = await sql<SessionRow[]>`
        select * from staff_sessions
        where staff_id = ${staffId} and revoked_at is null and expires_at > ${now}
        order by last_seen_at desc, id`;
      return rows.map((r) => ({
        _id: r.id,
        device: r.device,
        createdAt: r.created_at.toISOString(),
        lastSeenAt: r.last_seen_at.toISOString(),
        lastAddress: r.last_address,
        current: r.id === currentId,
      }));
    },
    async revoke(tx, staffId, id, at) {
      if (!UUID.test(id)) return false;
      const rows = await tx`
        update staff_sessions set revoked_at = ${at}
        where id = ${id} and staff_id = ${staffId} and revoked_at is null and expires_at > ${at}
        returning id`;
      return rows.length > 0;
    },
    async revokeOthers(tx, staffId, keepId, at) {
      const rows = await tx<{ id: string }[]>`
        update staff_sessions set revoked_at = ${at}
        where staff_id = ${staffId} and revoked_at is null and expires_at > ${at}
          and (${keepId}::uuid is null or id <> ${keepId}::uuid)
        returning id`;
      return rows.map((r) => r.id);
    },
  };
}
