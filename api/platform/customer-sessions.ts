import { createHash, randomBytes } from "node:crypto";
import { CUSTOMER_SESSION_DAYS, CUSTOMER_TOKEN_PREFIX } from "../contracts/portal/portal.ts";
import type { Sql } from "../db/client.ts";
import type { Clock } from "./clock.ts";

/**
 * A signed-in customer: the e-mail address they signed in with (lower-cased; they have no password) and the customer
 * record it belongs to, whose bookings they read; null while the address has no record yet.
 */
export interface CustomerSession {
  sessionId: string;
  email: string;
  customerId: string | null;
  expiresAt: Date;
}

/**
 * Customers' sessions: an opaque `cust_` token of 256 random bits, looked up by its SHA-256 in the sessions table (the
 * token itself is stored nowhere). Not a JWT: a staff check never accepts one, and a customer check never accepts a
 * staff JWT, by shape before any lookup.
 */
export interface CustomerSessions {
  /** A new session for the address (lower-cased here). */
  create(email: string): Promise<{ token: string; expiresAt: Date }>;
  /** The session of a token, or null for an unknown, expired or revoked one (or anything not shaped like one). */
  authenticate(token: string): Promise<CustomerSession | null>;
  /** Sign out: the session's token stops working at once. */
  revoke(sessionId: string): Promise<void>;
}

const TOKEN = new RegExp(`^${CUSTOMER_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** True for text shaped like a customer session token (what the auth middleware tells apart from a staff JWT). */
export const isCustomerToken = (token: string) => TOKEN.test(token);

/** The SHA-256 a random token is stored as: a leaked table opens no session and no sign-in link. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** 256 random bits, base64url (43 characters). */
export const randomToken = () => randomBytes(32).toString("base64url");

const DAY_MS = 24 * 60 * 60 * 1000;

export function createCustomerSessions(sql: Sql, clock: Clock): CustomerSessions {
  return {
    async create(email) {
      const token = `${CUSTOMER_TOKEN_PREFIX}${randomToken()}`;
      const expiresAt = new Date(clock.now().getTime() + CUSTOMER_SESSION_DAYS * DAY_MS);
      await sql`
        insert into customer_sessions (token_hash, email, expires_at, customer_id)
        values (${tokenHash(token)}, ${email.toLowerCase()}, ${expiresAt},
          (select customer_id from customer_emails where email = ${email.toLowerCase()}))`;
      return { token, expiresAt };
    },
    async authenticate(token) {
      if (!isCustomerToken(token)) return null;
      // A session opened before its address had a record finds the record once it has one.
      const [row] = await sql<{ id: string; email: string; customer_id: string | null; expires_at: Date }[]>`
        select s.id, s.email, s.expires_at,
          coalesce(s.customer_id, (select ce.customer_id from customer_emails ce where ce.email = s.email)) as customer_id
        from customer_sessions s
        where s.token_hash = ${tokenHash(token)} and s.revoked_at is null and s.expires_at > ${clock.now()}`;
      return row
        ? { sessionId: row.id, email: row.email, customerId: row.customer_id, expiresAt: row.expires_at }
        : null;
    },
    async revoke(sessionId) {
      await sql`update customer_sessions set revoked_at = coalesce(revoked_at, ${clock.now()}) where id = ${sessionId}`;
    },
  };
}
