import type { Passkey } from "../../../contracts/staff/passkeys.ts";
import type { Sql, Tx } from "../../../db/client.ts";
import { transaction } from "../../../db/transaction.ts";

/** A passkey as a sign-in needs it: whose it is, its public key and the counter it last reported. */
export interface StoredPasskey extends Passkey {
  staffId: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export type ChallengePurpose = "register" | "authenticate";

export interface PasskeysRepo {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One person's passkeys, oldest first. */
  list(staffId: string): Promise<Passkey[]>;
  /** The credentials a person already has, so the browser does not register one twice. */
  credentialsOf(staffId: string): Promise<{ id: string; transports: string[] }[]>;
  /** Null when that credential is kept already (for anyone). */
  add(
    tx: Tx,
    p: Pick<StoredPasskey, "staffId" | "credentialId" | "publicKey" | "counter" | "transports" | "name">,
  ): Promise<Passkey | null>;
  /** Null unless the passkey is that person's. */
  rename(tx: Tx, staffId: string, id: string, name: string): Promise<{ before: Passkey; after: Passkey } | null>;
  remove(tx: Tx, staffId: string, id: string): Promise<Passkey | null>;
  byCredential(credentialId: string): Promise<StoredPasskey | null>;
  /**
   * Notes a sign-in: the new counter and when, only while the counter is still the one the check read (two
   * assertions racing with the same counter: one wins). False when another got there first.
   */
  recordUse(tx: Tx, id: string, expectedCounter: number, newCounter: number, at: Date): Promise<boolean>;
  /** Keeps a challenge until `expiresAt`; drops the expired ones on the way. */
  issueChallenge(
    c: { challenge: string; purpose: ChallengePurpose; staffId: string | null; expiresAt: Date },
    now: Date,
  ): Promise<void>;
  /** Takes a challenge once: true only for one issued for this purpose (and person), not expired, not taken. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, staffId: string | null, now: Date): Promise<boolean>;
}

interface PasskeyRow {
  id: string;
  staff_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toPasskey = (r: PasskeyRow): Passkey => ({
  _id: r.id,
  name: r.name,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
});

const toStored = (r: PasskeyRow): StoredPasskey => ({
  ...toPasskey(r),
  staffId: r.staff_id,
  credentialId: r.credential_id,
  publicKey: new Uint8Array(r.public_key),
  counter: Number(r.counter),
  transports: r.transports,
});

export function createPasskeysRepo(sql: Sql): PasskeysRepo {
  return {
    transaction: (work) => transaction(sql, work),
    async list(staffId) {
      if (!UUID.test(staffId)) return [];
      const rows = await sql<PasskeyRow[]>`
        select * from staff_passkeys where staff_id = ${staffId} order by created_at, id`;
      return rows.map(toPasskey);
    },
    async credentialsOf(staffId) {
      if (!UUID.test(staffId)) return [];
      const rows = await sql<{ credential_id: string; transports: string[] }[]>`
        select credential_id, transports from staff_passkeys where staff_id = ${staffId}`;
      return rows.map((r) => ({ id: r.credential_id, transports: r.transports }));
    },
    async add(tx, p) {
      const [row] = await tx<PasskeyRow[]>`
        insert into staff_passkeys (staff_id, credential_id, public_key, counter, transports, name)
        values (${p.staffId}, ${p.credentialId}, ${p.publicKey}, ${p.counter}, ${p.transports}, ${p.name})
        on conflict (credential_id) do nothing
        returning *`;
      return row ? toPasskey(row) : null;
    },
    async rename(tx, staffId, id, name) {
      if (!UUID.test(id)) return null;
      const [before] = await tx<PasskeyRow[]>`
        select * from staff_passkeys where id = ${id} and staff_id = ${staffId} for update`;
      if (!before) return null;
      const [after] = await tx<PasskeyRow[]>`update staff_passkeys set name = ${name} where id = ${id} returning *`;
      return { before: toPasskey(before), after: toPasskey(after!) };
    },
    async remove(tx, staffId, id) {
      if (!UUID.test(id)) return null;
      const [row] = await tx<PasskeyRow[]>`
        delete from staff_passkeys where id = ${id} and staff_id = ${staffId} returning *`;
      return row ? toPasskey(row) : null;
    },
    async byCredential(credentialId) {
      const [row] = await sql<PasskeyRow[]>`select * from staff_passkeys where credential_id = ${credentialId}`;
      return row ? toStored(row) : null;
    },
    async recordUse(tx, id, expectedCounter, newCounter, at) {
      const rows = await tx`
        update staff_passkeys set counter = ${newCounter}, last_used_at = ${at}
        where id = ${id} and counter = ${expectedCounter}
        returning id`;
      return rows.length > 0;
    },
    async issueChallenge({ challenge, purpose, staffId, expiresAt }, now) {
      await sql`delete from webauthn_challenges where expires_at <= ${now}`;
      await sql`
        insert into webauthn_challenges (challenge, purpose, staff_id, expires_at)
        values (${challenge}, ${purpose}, ${staffId}, ${expiresAt})`;
    },
    async takeChallenge(challenge, purpose, staffId, now) {
      // Deleted whatever it was: a wrong or late answer uses the challenge up as a right one does.
      const [row] = await sql<{ purpose: string; staff_id: string | null; expires_at: Date }[]>`
        delete from webauthn_challenges where challenge = ${challenge} returning purpose, staff_id, expires_at`;
      return !!row && row.purpose === purpose && row.staff_id === staffId && row.expires_at > now;
    },
  };
}
