import type { StaffLocale } from "../../contracts/staff/language.ts";
import type { SessionUser, StaffRole, StaffStatus } from "../../contracts/staff/staff.ts";
import type { Sql } from "../../db/client.ts";
import type { TokenVersions } from "../../platform/tokens.ts";

export interface AdminRecord extends SessionUser {
  /** Null for an invited person who has not chosen a password yet. */
  passwordHash: string | null;
  status: StaffStatus;
  locale: StaffLocale;
}

export interface AdminsRepo extends TokenVersions {
  findByEmail(email: string): Promise<AdminRecord | null>;
  findById(id: string): Promise<AdminRecord | null>;
  count(): Promise<number>;
  /**
   * Creates the owner (ADMIN_EMAIL, or the first embedded start), or sets the name and password of the one with
   * that e-mail, as an active owner; a new password revokes the tokens issued before it.
   */
  upsert(admin: { email: string; name: string; passwordHash: string }): Promise<SessionUser>;
  /** Sets a new password and revokes every token of that admin. False for an unknown admin. */
  setPassword(id: string, passwordHash: string): Promise<boolean>;
  /** Raises the admin's token version: every token issued so far stops working. */
  revokeTokens(id: string): Promise<void>;
  /** Notes a successful login (shown in the staff list). */
  recordSignIn(id: string, at: Date): Promise<void>;
  /** The language the person works in; false for an unknown person. */
  setLocale(id: string, locale: StaffLocale): Promise<boolean>;
}

/** What a signed-in person's token and the login's answer carry: no password hash, no status. */
export const toSessionUser = ({ passwordHash: _, status: _status, ...user }: AdminRecord): SessionUser => user;

interface AdminRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  role: StaffRole;
  status: StaffStatus;
  locale: StaffLocale;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toAdmin = (r: AdminRow): AdminRecord => ({
  _id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  locale: r.locale,
  passwordHash: r.password_hash,
  status: r.status,
});

export function createAdminsRepo(sql: Sql): AdminsRepo {
  return {
    async findByEmail(email) {
      const [row] = await sql<AdminRow[]>`select * from admin_users where email = ${email.toLowerCase()}`;
      return row ? toAdmin(row) : null;
    },
    async findById(id) {
      if (!UUID.test(id)) return null;
      const [row] = await sql<AdminRow[]>`select * from admin_users where id = ${id}`;
      return row ? toAdmin(row) : null;
    },
    async count() {
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from admin_users`;
      return count;
    },
    async upsert({ email, name, passwordHash }) {
      const [row] = await sql<AdminRow[]>`
        insert into admin_users (email, name, password_hash, role, status)
        values (${email.toLowerCase()}, ${name}, ${passwordHash}, 'owner', 'active')
        on conflict (email) do update
          set name = excluded.name, password_hash = excluded.password_hash, role = 'owner', status = 'active',
              token_version = admin_users.token_version + 1,
              updated_at = date_trunc('milliseconds', now())
        returning *`;
      const { passwordHash: _, status: _status, ...admin } = toAdmin(row!);
      return admin;
    },
    async setPassword(id, passwordHash) {
      if (!UUID.test(id)) return false;
      const rows = await sql`
        update admin_users
        set password_hash = ${passwordHash}, token_version = token_version + 1,
            updated_at = date_trunc('milliseconds', now())
        where id = ${id}
        returning id`;
      return rows.length > 0;
    },
    async revokeTokens(id) {
      if (!UUID.test(id)) return;
      await sql`update admin_users set token_version = token_version + 1 where id = ${id}`;
    },
    async recordSignIn(id, at) {
      if (!UUID.test(id)) return;
      await sql`update admin_users set last_sign_in_at = ${at} where id = ${id}`;
    },
    async setLocale(id, locale) {
      if (!UUID.test(id)) return false;
      const rows = await sql`update admin_users set locale = ${locale} where id = ${id} returning id`;
      return rows.length > 0;
    },
    async tokenVersion(id) {
      if (!UUID.test(id)) return null;
      const [row] = await sql<{ token_version: number }[]>`select token_version from admin_users where id = ${id}`;
      return row ? row.token_version : null;
    },
    async sessionState(id, sessionId) {
      if (!UUID.test(id) || !UUID.test(sessionId)) return null;
      // One lookup for both: the person's version and whether this session of theirs is still open (its end is
      // the token's own expiry, checked with the app's clock before this).
      const [row] = await sql<{ token_version: number; setup_required: boolean }[]>`
        select a.token_version, s.setup_required from admin_users a
        join staff_sessions s on s.staff_id = a.id
        where a.id = ${id} and s.id = ${sessionId} and s.revoked_at is null`;
      return row ? { version: row.token_version, setupRequired: row.setup_required } : null;
    },
  };
}
