import type { StaffLocale } from "../../contracts/staff/language.ts";
import type { StaffMember, StaffRole, StaffStatus } from "../../contracts/staff/staff.ts";
import { technicianHoursOf, type TechnicianHours } from "../../contracts/schedule/board.ts";
import { jsonb, type Sql, type Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { isUuid } from "../../db/ids.ts";
import { Conflict } from "../../errors.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";

/** The schedule colour of a member added without one. */
export const DEFAULT_STAFF_COLOR = "#2563eb";

/** An invitation as its link finds it, with the person it invites. */
export interface InvitationRecord {
  staffId: string;
  name: string;
  email: string;
  status: StaffStatus;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface StaffChanges {
  name?: string;
  phone?: string;
  color?: string;
  role?: StaffRole;
  status?: StaffStatus;
}

/** The staff: the admins table grown into everyone who signs in (migration 008). */
export interface StaffRepo {
  list(): Promise<StaffMember[]>;
  /** The member, locked for the rest of the transaction. */
  getForUpdate(tx: Tx, id: string): Promise<StaffMember | null>;
  /** Invited, without a password; Conflict when the e-mail is taken. */
  create(
    tx: Tx,
    member: { name: string; email: string; phone: string; role: StaffRole; color: string; locale: StaffLocale },
  ): Promise<StaffMember>;
  /** Saves the changes; `revoke` also raises the token version, so every token of theirs stops working. */
  update(tx: Tx, id: string, changes: StaffChanges, revoke: boolean): Promise<StaffMember>;
  /** True once the member has chosen a password. */
  hasPassword(tx: Tx, id: string): Promise<boolean>;
  /** Locks the active owners' rows (so two demotions cannot both leave one) and answers their ids. */
  lockActiveOwners(tx: Tx): Promise<string[]>;
  /** Replaces the member's earlier invitations by one with this token hash. */
  replaceInvitation(tx: Tx, staffId: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /** Drops every invitation of the member (deactivated: their links must not work). */
  dropInvitations(tx: Tx, staffId: string): Promise<void>;
  findInvitation(tokenHash: string): Promise<InvitationRecord | null>;
  /** The invitation, locked: two tabs accepting at once are one acceptance. */
  findInvitationForUpdate(tx: Tx, tokenHash: string): Promise<InvitationRecord | null>;
  /** Sets the password, makes the member active and signed in now, and uses up the invitation. */
  accept(tx: Tx, tokenHash: string, staffId: string, passwordHash: string, at: Date): Promise<StaffMember>;
  /** A staff member's working week and days off (the default week while unset); null for no such member. */
  hours(tx: Tx, id: string): Promise<{ role: StaffRole; hours: TechnicianHours } | null>;
  saveHours(tx: Tx, id: string, hours: TechnicianHours): Promise<void>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  phone: string;
  color: string;
  status: StaffStatus;
  locale: StaffLocale;
  last_sign_in_at: Date | null;
  created_at: Date;
}

interface InvitationRow {
  staff_id: string;
  name: string;
  email: string;
  status: StaffStatus;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = "id, email, name, role, phone, color, status, locale, last_sign_in_at, created_at";

const toStaff = (r: StaffRow): StaffMember => ({
  _id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  phone: r.phone,
  color: r.color,
  status: r.status,
  locale: r.locale,
  lastSignInAt: r.last_sign_in_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

const toInvitation = (r: InvitationRow): InvitationRecord => ({
  staffId: r.staff_id,
  name: r.name,
  email: r.email,
  status: r.status,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
});

export function createStaffRepo(sql: Sql): StaffRepo {
  const invitation = async (q: Sql | Tx, tokenHash: string, lock: boolean) => {
    const [row] = await q<InvitationRow[]>`
      select i.staff_id, s.name, s.email, s.status, i.expires_at, i.used_at
      from staff_invitations i join admin_users s on s.id = i.staff_id
      where i.token_hash = ${tokenHash} ${lock ? q`for update of i` : q``}`;
    return row ? toInvitation(row) : null;
  };
  return {
    async hours(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<{ role: StaffRole; work_week: TechnicianHours["week"] | null; days_off: string[] }[]>`
        select role, work_week, days_off from admin_users where id = ${id} for update`;
      return row ? { role: row.role, hours: technicianHoursOf(row.work_week, row.days_off) } : null;
    },
    async saveHours(tx, id, hours) {
      await tx`
        update admin_users set work_week = ${jsonb(tx, hours.week)}, days_off = ${jsonb(tx, hours.daysOff)}
        where id = ${id}`;
    },
    async list() {
      const rows = await sql<StaffRow[]>`
        select ${sql.unsafe(COLUMNS)} from admin_users
        order by case role when 'owner' then 0 when 'admin' then 1 else 2 end, name, id`;
      return rows.map(toStaff);
    },
    async getForUpdate(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<StaffRow[]>`select ${tx.unsafe(COLUMNS)} from admin_users where id = ${id} for update`;
      return row ? toStaff(row) : null;
    },
    async create(tx, member) {
      try {
        const [row] = await tx<StaffRow[]>`
          insert into admin_users (email, name, phone, role, color, status, password_hash, locale)
          values (${member.email.toLowerCase()}, ${member.name}, ${member.phone}, ${member.role}, ${member.color},
                  'invited', null, ${member.locale})
          returning ${tx.unsafe(COLUMNS)}`;
        return toStaff(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(MESSAGES.staffEmailTaken);
        throw error;
      }
    },
    async update(tx, id, changes, revoke) {
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.phone !== undefined) set.phone = changes.phone;
      if (changes.color !== undefined) set.color = changes.color;
      if (changes.role !== undefined) set.role = changes.role;
      if (changes.status !== undefined) set.status = changes.status;
      // Never empty: the helper must follow `set` directly.
      set.updated_at = new Date();
      const [row] = await tx<StaffRow[]>`
        update admin_users
        set ${tx(set)}, token_version = token_version + ${revoke ? 1 : 0}
        where id = ${id}
        returning ${tx.unsafe(COLUMNS)}`;
      return toStaff(row!);
    },
    async hasPassword(tx, id) {
      const [row] = await tx<{ has: boolean }[]>`
        select password_hash is not null as has from admin_users where id = ${id}`;
      return row?.has ?? false;
    },
    async lockActiveOwners(tx) {
      const rows = await tx<{ id: string }[]>`
        select id from admin_users where role = 'owner' and status = 'active' order by id for update`;
      return rows.map((r) => r.id);
    },
    async replaceInvitation(tx, staffId, tokenHash, expiresAt) {
      await tx`delete from staff_invitations where staff_id = ${staffId}`;
      await tx`
        insert into staff_invitations (token_hash, staff_id, expires_at)
        values (${tokenHash}, ${staffId}, ${expiresAt})`;
    },
    async dropInvitations(tx, staffId) {
      await tx`delete from staff_invitations where staff_id = ${staffId}`;
    },
    findInvitation: (tokenHash) => invitation(sql, tokenHash, false),
    findInvitationForUpdate: (tx, tokenHash) => invitation(tx, tokenHash, true),
    async accept(tx, tokenHash, staffId, passwordHash, at) {
      await tx`update staff_invitations set used_at = ${at} where token_hash = ${tokenHash}`;
      const [row] = await tx<StaffRow[]>`
        update admin_users
        set password_hash = ${passwordHash}, status = 'active', last_sign_in_at = ${at},
            token_version = token_version + 1, updated_at = date_trunc('milliseconds', now())
        where id = ${staffId}
        returning ${tx.unsafe(COLUMNS)}`;
      return toStaff(row!);
    },
    transaction: (work) => transaction(sql, work),
  };
}
