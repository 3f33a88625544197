import type { SignInPolicy } from "../../contracts/staff/sign-in.ts";
import type { Sql, Tx } from "../../db/client.ts";

/** Settings → Security: who must have a second factor. Nobody until an owner says so. */
export interface PolicyRepo {
  get(): Promise<SignInPolicy>;
  /** The policy before the change, locked until the transaction ends. */
  getForUpdate(tx: Tx): Promise<SignInPolicy>;
  save(tx: Tx, policy: SignInPolicy, at: Date): Promise<void>;
}

const NOBODY: SignInPolicy = { requireOffice: false, requireTechnicians: false };

interface PolicyRow {
  require_office: boolean;
  require_technicians: boolean;
}

const toPolicy = (row: PolicyRow | undefined): SignInPolicy =>
  row ? { requireOffice: row.require_office, requireTechnicians: row.require_technicians } : NOBODY;

export function createPolicyRepo(sql: Sql): PolicyRepo {
  return {
    async get() {
      const [row] = await sql<PolicyRow[]>`select require_office, require_technicians from sign_in_policy`;
      return toPolicy(row);
    },
    async getForUpdate(tx) {
      const [row] = await tx<PolicyRow[]>`select require_office, require_technicians from sign_in_policy for update`;
      return toPolicy(row);
    },
    async save(tx, policy, at) {
      await tx`
        insert into sign_in_policy (id, require_office, require_technicians, updated_at)
        values (true, ${policy.requireOffice}, ${policy.requireTechnicians}, ${at})
        on conflict (id) do update set require_office = excluded.require_office,
          require_technicians = excluded.require_technicians, updated_at = excluded.updated_at`;
    },
  };
}
