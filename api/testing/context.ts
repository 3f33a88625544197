import { createApp, type App } from "../app.ts";
import { TOTP_SEAL_PURPOSE } from "../features/auth/factors-repo.ts";
import { createSealer } from "../platform/sealed.ts";
import { type Config, parseConfig } from "../config.ts";
import type { SessionUser } from "../contracts/staff/staff.ts";
import { initialSettings, withSettingsProfile } from "../contracts/settings/settings.ts";
import { createLimiters, createRepos, type AppDeps, type Repos } from "../deps.ts";
import { hashPassword } from "../platform/passwords.ts";
import { fixedClock } from "./clock.ts";
import { silentLogger } from "./log.ts";
import { createTokenService, type TokenService } from "../platform/tokens.ts";
import { createOutbox } from "../outbox/store.ts";
import { recordingEmitter } from "./realtime.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { CUSTOMER_TOKEN_PREFIX } from "../contracts/portal/portal.ts";
import { customerCookie } from "./portal.ts";

/** Monday 2 March 2026, 10:00 in New York: tomorrow (Tuesday the 3rd) is bookable, Saturday is the 7th. */
export const TEST_NOW = "2026-03-02T15:00:00.000Z";
export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";
/** The site's own origin as the app sees a test's request (app.request answers on http://localhost). */
export const TEST_ORIGIN = "http://localhost";
export const TEST_ADMIN = { email: "admin@test.example", password: "correct horse battery staple" };

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (malformed JSON, an image's bytes). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  token?: string;
  headers?: Record<string, string>;
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface TestContextOptions {
  env?: Record<string, string>;
  now?: string;
  /** Replace parts of the app's dependencies (e.g. a failing repo). */
  deps?: (deps: AppDeps) => AppDeps;
  db?: TestDatabase;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    PWA_DIST: "/nonexistent-pwa-dist",
    PASSWORD_HASH_COST: String(TEST_PASSWORD_COST),
    ...env,
  });
}

/**
 * The suites hash passwords at scrypt's lowest accepted cost (N=2^10): at the production cost a login's check took a few
 * hundred milliseconds of CPU here, most of the auth tests' time. passwords.test.ts holds the production cost.
 */
export const TEST_PASSWORD_COST = 10;

// One hash of the test admin's password per test process serves every context (each login still verifies it).
let adminHash: Promise<string> | undefined;
const testAdminHash = () => (adminHash ??= hashPassword(TEST_ADMIN.password, TEST_PASSWORD_COST));

/** A database of the test file's own, the app over it, a fixed clock, recorded events and an admin. */
export async function createTestContext(options: TestContextOptions = {}) {
  const db = options.db ?? (await createTestDatabase());
  const clock = fixedClock(options.now ?? TEST_NOW);
  const config = testConfig(options.env);
  const repos: Repos = createRepos(db.sql);
  // As main.ts does at start: the first instance on a database seeds the settings from its environment.
  await repos.settings.seed(initialSettings(config.profile, config));
  const tokens: TokenService = createTokenService(TEST_JWT_SECRET, clock, repos.admins);
  const events = recordingEmitter();
  const admin: SessionUser = await repos.admins.upsert({
    email: TEST_ADMIN.email,
    name: "Test Admin",
    passwordHash: await testAdminHash(),
  });
  const outbox = createOutbox(db.sql, {
    config,
    log: silentLogger,
    now: () => clock.now(),
    profile: async () => withSettingsProfile(config.profile, (await repos.settings.get()).profile),
  });
  const baseDeps: AppDeps = {
    config,
    sql: db.sql,
    repos,
    clock,
    realtime: events,
    limiters: createLimiters(config.limits, clock),
    tokens,
    sealer: createSealer(TEST_JWT_SECRET, TOTP_SEAL_PURPOSE),
    log: silentLogger,
    // The real outbox, so route tests can read its table; no worker runs unless a test starts one.
    outbox,
  };
  const deps = options.deps ? options.deps(baseDeps) : baseDeps;
  const app: App = createApp(deps);
  const adminToken = await tokens.sign(admin);

  async function request<T = unknown>(method: string, path: string, o: RequestOptions = {}): Promise<TestResponse<T>> {
    // As a browser on the site's own pages sends them: the page's Origin with every write, and a customer's session
    // in its cookie.
    const headers: Record<string, string> = { ...o.headers };
    if (method !== "GET" && method !== "HEAD") headers["Origin"] ??= TEST_ORIGIN;
    if (o.token && o.token.startsWith(CUSTOMER_TOKEN_PREFIX)) {
      headers["Cookie"] = customerCookie(o.token);
    } else if (o.token) headers["Authorization"] = `Bearer ${o.token}`;
    let body: BodyInit | undefined = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["Content-Type"] ??= "application/json";
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (e.g. the PWA's HTML); the text is the body.
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  return {
    app,
    db,
    sql: db.sql,
    clock,
    config,
    deps,
    repos,
    /** The outbox the app writes to (a worker a test starts renders its rows with `outbox.composer`). */
    outbox,
    tokens,
    events,
    admin,
    adminToken,
    request,
    /** Same as request, with a bearer token signed for the admin at the clock's current time. */
    asAdmin: async <T = unknown>(method: string, path: string, o: RequestOptions = {}) =>
      request<T>(method, path, { ...o, token: await tokens.sign(admin) }),
    async close() {
      await db.close();
    },
  };
}
