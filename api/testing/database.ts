import { connect, createPglite, serveOverSocket, type Sql } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { seedServices } from "../db/seed.ts";
import { migratedTemplate, templateKey } from "./pglite-template.ts";

export interface TestDatabase {
  sql: Sql;
  /** Connection URL of this test's own database. */
  url: string;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** Set in CI (and optionally locally) to run the suite on a real Postgres server. */
export const TEST_DATABASE_URL = Deno.env.get("TEST_DATABASE_URL") || null;

/**
 * A database of the test file's own: on TEST_DATABASE_URL a freshly created one (dropped on close),
 * else an in-memory PGlite behind a loopback socket.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated !== false;
  if (!TEST_DATABASE_URL) return await createPgliteDatabase(migrated);
  return await createPostgresDatabase(TEST_DATABASE_URL, migrated ? await postgresTemplate(TEST_DATABASE_URL) : null);
}

async function createPgliteDatabase(migrated: boolean): Promise<TestDatabase> {
  const pglite = migrated ? await createPglite({ loadDataDir: await migratedTemplate() }) : await createPglite();
  const server = await serveOverSocket(pglite);
  const sql = connect(server.url, { max: 1 });
  return {
    sql,
    url: server.url,
    kind: "pglite",
    async close() {
      await sql.end({ timeout: 1 });
      await server.close();
    },
  };
}

/** Postgres refuses to copy a template another session is still leaving (55006): such a wait is a few ms. */
async function whileInUse<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

let template: Promise<string> | null = null;

/**
 * The name of a migrated and seeded database on the server, made once for every test file and run (its name carries
 * the hash of the migrations and seed): a copy of it takes a tenth of a second where migrating and seeding each
 * test's database took twice that again. Test files running side by side make it once, under an advisory lock.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `clearflow_template_${await templateKey()}`;
    const admin = connect(serverUrl, { max: 1 });
    try {
      await admin`select pg_advisory_lock(20100002)`;
      const [found] = await admin`select 1 from pg_database where datname = ${name}`;
      if (!found) {
        // Built under another name and renamed when whole, so no copy is ever made of a half-migrated one.
        const building = `${name}_${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
        await admin`create database ${admin(building)}`;
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const sql = connect(url.toString(), { max: 1 });
        await migrate(sql);
        await seedServices(sql);
        await sql.end({ timeout: 1 });
        await whileInUse(() => admin`alter database ${admin(building)} rename to ${admin(name)}`);
      }
      await admin`select pg_advisory_unlock(20100002)`;
      return name;
    } finally {
      await admin.end({ timeout: 1 });
    }
  })();
  return template;
}

async function createPostgresDatabase(serverUrl: string, template: string | null): Promise<TestDatabase> {
  const admin = connect(serverUrl, { max: 1 });
  const name = `clearflow_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  if (template) await whileInUse(() => admin`create database ${admin(name)} template ${admin(template)}`);
  else await admin`create database ${admin(name)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString());
  return {
    sql,
    url: url.toString(),
    kind: "postgres",
    async close() {
      await sql.end({ timeout: 1 });
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end({ timeout: 1 });
    },
  };
}

/** Tables no request writes: the migrations' own bookkeeping. */
export const TABLES_NO_REQUEST_WRITES = ["schema_migrations"];

/**
 * Row counts of the tables a request may write, to prove a refused request wrote nothing. Every table of
 * the migrations is listed (a test holds the list to them), so a new table cannot be written unnoticed.
 */
export async function rowCounts(sql: Sql): Promise<Record<string, number>> {
  const [counts] = await sql<Record<string, number>[]>`
    select
      (select count(*)::int from bookings) as bookings,
      (select count(*)::int from contact_messages) as contact_messages,
      (select count(*)::int from services) as services,
      (select count(*)::int from admin_users) as admin_users,
      (select count(*)::int from idempotency_keys) as idempotency_keys,
      -- A refused sign-in is audited on purpose: the one write a refusal makes, so not counted here.
      (select count(*)::int from audit_log where action <> 'sign_in_failed') as audit_log,
      (select count(*)::int from booking_deletions) as booking_deletions,
      (select count(*)::int from outbox) as outbox,
      (select count(*)::int from business_settings) as business_settings,
      (select count(*)::int from staff_invitations) as staff_invitations,
      (select count(*)::int from booking_visit_history) as booking_visit_history,
      (select count(*)::int from booking_notes) as booking_notes,
      (select count(*)::int from booking_images) as booking_images,
      (select count(*)::int from stored_images) as stored_images,
      (select count(*)::int from mail_preferences) as mail_preferences,
      (select count(*)::int from push_subscriptions) as push_subscriptions,
      (select count(*)::int from push_keys) as push_keys,
      (select count(*)::int from booking_checklist) as booking_checklist,
      (select count(*)::int from document_counters) as document_counters,
      (select count(*)::int from price_book_items) as price_book_items,
      (select count(*)::int from estimates) as estimates,
      (select count(*)::int from invoices) as invoices,
      (select count(*)::int from payments) as payments,
      (select count(*)::int from refunds) as refunds,
      (select count(*)::int from webhook_events) as webhook_events,
      (select count(*)::int from portal_sign_in_tokens) as portal_sign_in_tokens,
      (select count(*)::int from customer_sessions) as customer_sessions,
      (select count(*)::int from booking_ratings) as booking_ratings,
      (select count(*)::int from customers) as customers,
      (select count(*)::int from customer_emails) as customer_emails,
      (select count(*)::int from customer_phones) as customer_phones,
      (select count(*)::int from properties) as properties,
      (select count(*)::int from figure_deltas) as figure_deltas,
      (select count(*)::int from staff_sessions) as staff_sessions,
      (select count(*)::int from staff_totp) as staff_totp,
      (select count(*)::int from staff_recovery_codes) as staff_recovery_codes,
      (select count(*)::int from staff_mfa_challenges) as staff_mfa_challenges,
      (select count(*)::int from sign_in_policy) as sign_in_policy,

      (select count(*)::int from staff_passkeys) as staff_passkeys,
      (select count(*)::int from webauthn_challenges) as webauthn_challenges,
      (select count(*)::int from sms_consents) as sms_consents,
      (select count(*)::int from text_messages) as text_messages,
      (select count(*)::int from text_conversation_reads) as text_conversation_reads,
      (select count(*)::int from text_number_reads) as text_number_reads,
      (select count(*)::int from short_links) as short_links,
      (select count(*)::int from plans) as plans,
      (select count(*)::int from memberships) as memberships,
      (select count(*)::int from membership_history) as membership_history,
      (select count(*)::int from plan_invoices) as plan_invoices,
      (select count(*)::int from membership_visits) as membership_visits,
      (select count(*)::int from deposit_checkouts) as deposit_checkouts`;
  return counts!;
}
