import * as v from "valibot";
import { RATING_EMAIL_DELAY_HOURS, SIGN_IN_LIMITS } from "./contracts/portal/portal.ts";
import { DEFAULT_PROFILE, DEFAULT_PROFILE_ES } from "./contracts/settings/profile.ts";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import type { BusinessProfile } from "./contracts/settings/profile.ts";
import { isDeliverableEmail } from "./contracts/common/email.ts";
import { BOOKING_HORIZON_DAYS, DEFAULT_BUSINESS_TZ } from "./contracts/schedule/dates.ts";
import { US_STATE_CODES } from "./contracts/common/states.ts";
import { DEFAULT_PUSH_ENDPOINT_ORIGINS } from "./contracts/outbox/push.ts";
import { QUIET_HOURS } from "./contracts/texts/texts.ts";
import { DEFAULT_PASSWORD_COST } from "./platform/passwords.ts";

/** Everything the server is configured with; built only from the environment. */
export interface Config {
  port: number;
  host: string;
  /** Null on the embedded default (PGlite in DATA_DIR). */
  databaseUrl: string | null;
  redisUrl: string | null;
  dataDir: string;
  /** Null until resolveJwtSecret() picked or generated one (embedded default only). */
  jwtSecret: string | null;
  /**
   * The root of the key that seals staff TOTP keys in the database; null: the JWT secret's (then changing the JWT
   * secret makes every TOTP unreadable until it is set back, so production sets its own).
   */
  totpSecretKey: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  /** scrypt's cost for new password hashes, as a power of two (platform/passwords.ts). */
  passwordHashCost: number;
  slotCapacity: number;
  /** How many days ahead a visit may be booked (today + N is the last bookable date). */
  bookingHorizonDays: number;
  businessTz: string;
  pwaDist: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Send Strict-Transport-Security on every response (HSTS=true); else only on https seen behind TRUST_PROXY. */
  hsts: boolean;
  /** Origins allowed to call /api cross-origin (CORS_ORIGINS, comma separated); empty = no CORS headers. */
  corsOrigins: string[];
  limits: RateLimits;
  /** On SIGTERM: how long readyz answers 503 while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  profile: BusinessProfile;
  mail: MailConfig;
  push: PushConfig;
  /** Online card payments through Stripe Checkout, when both keys are set; else null (the page says how to pay). */
  stripe: StripeConfig | null;
  /** Text messages through Twilio, when the account's credentials and a sender are set; else null (nothing texted). */
  twilio: TwilioConfig | null;
  /** Staff passkeys (WebAuthn): the relying party is the site at PUBLIC_URL. */
  passkeys: PasskeysConfig;
  /**
   * What this process runs (RUN): the API and the mail worker together (`all`, the default), or one of them, so a
   * container can run each alone; both then share DATABASE_URL, and the API wakes the worker through Postgres.
   */
  run: "all" | "api" | "worker";
  /** The Prometheus scrape port (METRICS_PORT), never the public one; null: no metrics listener. */
  metricsPort: number | null;
  /**
   * Traces through Deno's OpenTelemetry (OTEL_DENO=true): our spans besides Deno's own. Deno itself reads the
   * exporter's OTEL_EXPORTER_OTLP_* variables; they are checked here so that a typo fails the start.
   */
  tracing: boolean;
}

export interface PasskeysConfig {
  /** PUBLIC_URL's host name: the domain a passkey is bound to. */
  rpId: string;
  /** PUBLIC_URL's origin: where the browser must have run the ceremony. */
  origin: string;
}

/** E-mail delivery. Without SMTP_URL, messages are written as .eml files under DATA_DIR/mail. */
export interface MailConfig {
  /** smtp:// or smtps:// URL with credentials if any; null = write .eml files. */
  smtpUrl: string | null;
  /** The From header: the business name and e-mail unless MAIL_FROM says otherwise. */
  from: string;
  /** Where .eml files go without SMTP_URL. */
  dir: string;
  /** The site's public address, for links in e-mails (manage page). */
  publicUrl: string;
  /** How often the worker looks for due messages, besides being woken after each write. */
  pollMs: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Days a sent or failed message keeps its body (personal data) in the outbox; its delivery record stays. */
  retentionDays: number;
  /** How long a worker's claim on a message lasts: a worker that dies mid-send leaves it to be sent after this. */
  leaseMs: number;
  /** The visit reminder goes this many hours before the visit... */
  reminderHours: number;
  /** ...but not sooner than this many hours after the booking was made. */
  reminderMinGapHours: number;
  /** The rebook reminder goes this many days after a visit was completed. */
  rebookAfterDays: number;
  /** "How did we do?" goes this many minutes after a visit was completed. */
  ratingDelayMinutes: number;
  /** A plan's visit becomes a booking to schedule this many days before it is due (PLAN_VISIT_LEAD_DAYS). */
  planVisitLeadDays: number;
}

/** Stripe Checkout: the secret key, the webhook's signing secret, and the API's base URL (another one in tests). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
}

/** Twilio's Messages API: the account, the sender (a number or a Messaging Service), and the API's base URL. */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number in E.164, or null when a Messaging Service sends. */
  from: string | null;
  messagingServiceSid: string | null;
  /** https://api.twilio.com, or a local peer in tests. */
  apiBase: string;
  /**
   * No text from `fromHour` until `untilHour` in the business's time zone (SMS_QUIET_HOURS, "21-8" by default; some
   * states end the day earlier); null: none (SMS_QUIET_HOURS=off, for tests that run at any hour).
   */
  quietHours: { fromHour: number; untilHour: number } | null;
}

/** Web push to staff devices. */
export interface PushConfig {
  /** The VAPID key pair (base64url) when configured; else made once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /**
   * The only origins a subscription's endpoint may have (PUSH_ENDPOINT_ORIGINS): the browsers' push services.
   * `https://*.example.com` allows every subdomain. The server sends requests there, so nothing else is accepted.
   */
  endpointOrigins: string[];
}

/** Abuse limits per client address (and per account for logins); see docs/SECURITY.md. */
export interface RateLimits {
  loginFailuresPerIp: number;
  loginFailuresPerAccount: number;
  loginWindowMinutes: number;
  bookingsPerHour: number;
  contactMessagesPerHour: number;
  /** Cancellations and moves through manage links; each one e-mails the customer and the business. */
  manageChangesPerHour: number;
  /** Customer sign-in e-mails asked for, per address and per client address (the same answer either way). */
  portalSignInsPerEmail: number;
  portalSignInsPerClient: number;
}

export const MIN_JWT_SECRET_BYTES = 32;

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("must not be empty")));
const withDefault = (fallback: string) => v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), fallback);

const intInRange = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  );

const urlWithScheme = (schemes: string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => {
          try {
            return schemes.includes(new URL(s).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${schemes.join(" or ")}//`,
      ),
    ),
  );

const flag = v.pipe(
  v.optional(v.picklist(["true", "false", "1", "0", ""], "must be true or false"), "false"),
  v.transform((s) => s === "true" || s === "1"),
);

const otlpProtocol = v.picklist(["http/protobuf", "http/json"], "must be http/protobuf or http/json");

/** An exact origin (scheme, host, optional port; no path): what a browser sends in Origin. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === text;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = v.object({
  PORT: intInRange(8080, 0, 65535),
  HOST: withDefault("0.0.0.0"),
  DATABASE_URL: urlWithScheme(["postgres:", "postgresql:"]),
  REDIS_URL: urlWithScheme(["redis:", "rediss:"]),
  DATA_DIR: withDefault("./data"),
  JWT_SECRET: optionalText,
  TOTP_SECRET_KEY: optionalText,
  ADMIN_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.check(isDeliverableEmail, "must be an e-mail address"), v.toLowerCase()),
  ),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8, "must be at least 8 characters"), v.maxLength(200))),
  SLOT_CAPACITY: intInRange(2, 1, 100),
  BOOKING_HORIZON_DAYS: intInRange(BOOKING_HORIZON_DAYS, 1, 3650),
  BUSINESS_TZ: v.pipe(withDefault(DEFAULT_BUSINESS_TZ), v.check(isTimeZone, "must be an IANA time zone")),
  PWA_DIST: withDefault("pwa/dist"),
  TRUST_PROXY: flag,
  SHUTDOWN_DRAIN_MS: intInRange(5000, 0, 120_000),
  HSTS: flag,
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      ),
      v.check((list) => list.every(isOrigin), "must be a comma-separated list of origins like https://example.com"),
    ),
    "",
  ),
  PASSWORD_HASH_COST: intInRange(DEFAULT_PASSWORD_COST, 10, 20),
  LOGIN_LIMIT_PER_IP: intInRange(10, 1, 10_000),
  LOGIN_LIMIT_PER_ACCOUNT: intInRange(20, 1, 10_000),
  LOGIN_WINDOW_MINUTES: intInRange(15, 1, 24 * 60),
  BOOKING_LIMIT_PER_HOUR: intInRange(20, 1, 100_000),
  CONTACT_LIMIT_PER_HOUR: intInRange(20, 1, 100_000),
  MANAGE_LIMIT_PER_HOUR: intInRange(10, 1, 100_000),
  PORTAL_SIGN_IN_LIMIT_PER_EMAIL: intInRange(SIGN_IN_LIMITS.perEmail, 1, 100_000),
  PORTAL_SIGN_IN_LIMIT_PER_CLIENT: intInRange(SIGN_IN_LIMITS.perClient, 1, 100_000),
  BUSINESS_NAME: withDefault(DEFAULT_PROFILE.name),
  BUSINESS_SHORT_NAME: optionalText,
  BUSINESS_PHONE: withDefault(DEFAULT_PROFILE.phone),
  BUSINESS_EMAIL: v.pipe(withDefault(DEFAULT_PROFILE.email), v.email("must be an e-mail address")),
  BUSINESS_STREET: withDefault(DEFAULT_PROFILE.address.street),
  BUSINESS_CITY: withDefault(DEFAULT_PROFILE.address.city),
  BUSINESS_STATE: v.pipe(
    withDefault(DEFAULT_PROFILE.address.state),
    v.toUpperCase(),
    v.picklist(US_STATE_CODES, "must be the two-letter code of a US state"),
  ),
  BUSINESS_ZIP: withDefault(DEFAULT_PROFILE.address.zip),
  BUSINESS_SERVICE_AREA: optionalText,
  BUSINESS_SERVICE_AREA_ES: optionalText,
  BUSINESS_HOURS: withDefault(DEFAULT_PROFILE.hours),
  BUSINESS_HOURS_SHORT: withDefault(DEFAULT_PROFILE.hoursShort),
  BUSINESS_HOURS_TEXT: withDefault(DEFAULT_PROFILE.hoursText),
  SMTP_URL: urlWithScheme(["smtp:", "smtps:"]),
  MAIL_FROM: optionalText,
  PUBLIC_URL: urlWithScheme(["http:", "https:"]),
  MAIL_POLL_MS: intInRange(5000, 50, 3_600_000),
  MAIL_MAX_ATTEMPTS: intInRange(80, 1, 1000),
  MAIL_RETENTION_DAYS: intInRange(30, 1, 3650),
  MAIL_LEASE_SECONDS: intInRange(600, 5, 86_400),
  REMINDER_HOURS: intInRange(24, 1, 720),
  REMINDER_MIN_GAP_HOURS: intInRange(12, 0, 720),
  REBOOK_AFTER_DAYS: intInRange(365, 0, 3650),
  RATING_DELAY_MINUTES: intInRange(RATING_EMAIL_DELAY_HOURS * 60, 0, 7 * 24 * 60),
  PLAN_VISIT_LEAD_DAYS: intInRange(21, 0, 365),
  METRICS_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, "must be a whole number from 1 to 65535"),
      v.transform(Number),
      v.minValue(1, "must be a whole number from 1 to 65535"),
      v.maxValue(65535, "must be a whole number from 1 to 65535"),
    ),
  ),
  RUN: v.optional(v.picklist(["all", "api", "worker"], "must be all, api or worker"), "all"),
  // Deno switches its exporter on for "true" only: "1" here would trace nothing while saying it does.
  OTEL_DENO: v.optional(v.picklist(["true", "false"], "must be true or false"), "false"),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithScheme(["http:", "https:"]),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: urlWithScheme(["http:", "https:"]),
  // What Deno's exporter speaks (no gRPC).
  OTEL_EXPORTER_OTLP_PROTOCOL: v.optional(otlpProtocol),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: v.optional(otlpProtocol),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: v.optional(urlWithScheme(["http:", "https:"]), "https://api.stripe.com"),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^AC[0-9a-fA-F]{32}$/, "must be AC and 32 hex digits")),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\+[1-9]\d{7,14}$/, "must be a phone number in E.164, like +17045550100")),
  ),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^MG[0-9a-fA-F]{32}$/, "must be MG and 32 hex digits")),
  ),
  TWILIO_API_BASE: v.optional(urlWithScheme(["http:", "https:"]), "https://api.twilio.com"),
  SMS_QUIET_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        // An evening hour, then a morning one: the quiet hours span midnight.
        (s) => {
          const m = /^(\d{1,2})-(\d{1,2})$/.exec(s);
          return s === "off" || (!!m && Number(m[1]) <= 23 && Number(m[2]) < Number(m[1]));
        },
        "must be two hours like 21-8 (from 9 PM until 8 AM), or off",
      ),
    ),
    `${QUIET_HOURS.fromHour}-${QUIET_HOURS.untilHour}`,
  ),
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)"),
    ),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)"),
    ),
  ),
  PUSH_ENDPOINT_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) => list.every((o) => /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(o)),
        "must be origins like https://fcm.googleapis.com, comma separated",
      ),
    ),
    DEFAULT_PUSH_ENDPOINT_ORIGINS.join(","),
  ),
});

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The environment's variables through `schema`; throws ConfigError naming the first bad one. */
function parseEnv<S extends v.GenericSchema>(schema: S, env: Env): v.InferOutput<S> {
  // An empty variable counts as unset, as in most deploy tools' templates.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = v.safeParse(schema, present);
  if (!result.success) {
    const issue = result.issues[0];
    const name = v.getDotPath(issue) ?? "environment";
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  return result.output;
}

/** Parses an environment (pure, for tests); throws ConfigError naming the first bad variable. */
export function parseConfig(env: Env): Config {
  const e = parseEnv(EnvSchema, env);
  if (e.RUN !== "all" && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment variable RUN: ${e.RUN} alone needs DATABASE_URL (the embedded database belongs to one process)`,
    );
  }
  // Metrics are for the scraper inside the cluster: on the public port anyone could read them.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError("Invalid environment variable METRICS_PORT: must not be the public PORT");
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    const missing = e.VAPID_PUBLIC_KEY === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY";
    throw new ConfigError(
      `Invalid environment variable ${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together`,
    );
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    const missing = e.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
    throw new ConfigError(
      `Invalid environment variable ${missing}: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together`,
    );
  }
  if ((e.TWILIO_ACCOUNT_SID === undefined) !== (e.TWILIO_AUTH_TOKEN === undefined)) {
    const missing = e.TWILIO_ACCOUNT_SID === undefined ? "TWILIO_ACCOUNT_SID" : "TWILIO_AUTH_TOKEN";
    throw new ConfigError(
      `Invalid environment variable ${missing}: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together`,
    );
  }
  if (e.TWILIO_ACCOUNT_SID !== undefined && !e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    throw new ConfigError(
      "Invalid environment variable TWILIO_FROM: set it (or TWILIO_MESSAGING_SERVICE_SID) with TWILIO_ACCOUNT_SID",
    );
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    const missing = e.ADMIN_EMAIL === undefined ? "ADMIN_EMAIL" : "ADMIN_PASSWORD";
    throw new ConfigError(`Invalid environment variable ${missing}: ADMIN_EMAIL and ADMIN_PASSWORD go together`);
  }
  if (e.DATABASE_URL !== undefined) {
    // Instances sharing a database must share a strong secret; a generated one would differ per instance.
    if (e.JWT_SECRET === undefined || new TextEncoder().encode(e.JWT_SECRET).length < MIN_JWT_SECRET_BYTES) {
      throw new ConfigError(
        `Invalid environment variable JWT_SECRET: must be at least ${MIN_JWT_SECRET_BYTES} bytes when DATABASE_URL is set`,
      );
    }
  }
  // A secret someone chose is never weak, embedded or not; only the generated default may be left unset.
  if (e.JWT_SECRET !== undefined && new TextEncoder().encode(e.JWT_SECRET).length < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(`Invalid environment variable JWT_SECRET: must be at least ${MIN_JWT_SECRET_BYTES} bytes`);
  }
  if (e.TOTP_SECRET_KEY !== undefined && new TextEncoder().encode(e.TOTP_SECRET_KEY).length < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(
      `Invalid environment variable TOTP_SECRET_KEY: must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
    );
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    passkeys: { rpId: publicUrl.hostname, origin: publicUrl.origin },
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET ?? null,
    totpSecretKey: e.TOTP_SECRET_KEY ?? null,
    adminEmail: e.ADMIN_EMAIL ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    passwordHashCost: e.PASSWORD_HASH_COST,
    slotCapacity: e.SLOT_CAPACITY,
    bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
    businessTz: e.BUSINESS_TZ,
    pwaDist: e.PWA_DIST,
    trustProxy: e.TRUST_PROXY,
    metricsPort: e.METRICS_PORT ?? null,
    tracing: e.OTEL_DENO === "true",
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    hsts: e.HSTS,
    corsOrigins: e.CORS_ORIGINS,
    limits: {
      loginFailuresPerIp: e.LOGIN_LIMIT_PER_IP,
      loginFailuresPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
      bookingsPerHour: e.BOOKING_LIMIT_PER_HOUR,
      contactMessagesPerHour: e.CONTACT_LIMIT_PER_HOUR,
      manageChangesPerHour: e.MANAGE_LIMIT_PER_HOUR,
      portalSignInsPerEmail: e.PORTAL_SIGN_IN_LIMIT_PER_EMAIL,
      portalSignInsPerClient: e.PORTAL_SIGN_IN_LIMIT_PER_CLIENT,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${e.BUSINESS_NAME.replace(/["\\]/g, "")}" <${e.BUSINESS_EMAIL}>`,
      dir: join(e.DATA_DIR, "mail"),
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retentionDays: e.MAIL_RETENTION_DAYS,
      leaseMs: e.MAIL_LEASE_SECONDS * 1000,
      reminderHours: e.REMINDER_HOURS,
      reminderMinGapHours: e.REMINDER_MIN_GAP_HOURS,
      rebookAfterDays: e.REBOOK_AFTER_DAYS,
      ratingDelayMinutes: e.RATING_DELAY_MINUTES,
      planVisitLeadDays: e.PLAN_VISIT_LEAD_DAYS,
    },
    run: e.RUN,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE! }
        : null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM ?? null,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID ?? null,
            apiBase: e.TWILIO_API_BASE!.replace(/\/+$/, ""),
            quietHours:
              e.SMS_QUIET_HOURS === "off"
                ? null
                : {
                    fromHour: Number(e.SMS_QUIET_HOURS.split("-")[0]),
                    untilHour: Number(e.SMS_QUIET_HOURS.split("-")[1]),
                  },
          }
        : null,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      endpointOrigins: e.PUSH_ENDPOINT_ORIGINS,
    },
    profile: {
      ...DEFAULT_PROFILE,
      name: e.BUSINESS_NAME,
      // The default short name belongs to the default name; another business's name stands for itself.
      shortName:
        e.BUSINESS_SHORT_NAME ??
        (e.BUSINESS_NAME === DEFAULT_PROFILE.name ? DEFAULT_PROFILE.shortName : e.BUSINESS_NAME),
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
      address: { street: e.BUSINESS_STREET, city: e.BUSINESS_CITY, state: e.BUSINESS_STATE, zip: e.BUSINESS_ZIP },
      serviceArea: e.BUSINESS_SERVICE_AREA ?? `the ${e.BUSINESS_CITY} area`,
      timeZone: e.BUSINESS_TZ,
      bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
      hours: e.BUSINESS_HOURS,
      hoursShort: e.BUSINESS_HOURS_SHORT,
      hoursText: e.BUSINESS_HOURS_TEXT,
      // A text the operator wrote in English alone is shown as written on Spanish pages too: no Spanish that says
      // something else. SPEC's hours have their Spanish; the city's area is said in Spanish.
      es: {
        hours: spanishOr(e.BUSINESS_HOURS, "hours"),
        hoursShort: spanishOr(e.BUSINESS_HOURS_SHORT, "hoursShort"),
        hoursText: spanishOr(e.BUSINESS_HOURS_TEXT, "hoursText"),
        serviceArea: e.BUSINESS_SERVICE_AREA_ES ?? e.BUSINESS_SERVICE_AREA ?? `el área de ${e.BUSINESS_CITY}`,
      },
    } satisfies BusinessProfile,
  };
}

/** The Spanish of SPEC's hours text `field` while the variable keeps SPEC's English, else the variable's own text. */
const spanishOr = (english: string, field: "hours" | "hoursShort" | "hoursText") =>
  english === DEFAULT_PROFILE[field] ? DEFAULT_PROFILE_ES[field] : english;

/** The environment of this process, parsed. The only place that reads Deno.env. */
export function loadConfig(): Config {
  return parseConfig(Deno.env.toObject());
}

const StorageSchema = v.object({ DATABASE_URL: EnvSchema.entries.DATABASE_URL, DATA_DIR: EnvSchema.entries.DATA_DIR });

/**
 * Only where the data is (DATABASE_URL, else the embedded database in DATA_DIR), for the backup and restore
 * commands: they need no secret of the site's.
 */
export function parseStorageConfig(env: Env): { databaseUrl: string | null; dataDir: string } {
  const e = parseEnv(StorageSchema, env);
  return { databaseUrl: e.DATABASE_URL ?? null, dataDir: e.DATA_DIR };
}

export const loadStorageConfig = () => parseStorageConfig(Deno.env.toObject());

/**
 * The JWT secret to sign with: the configured one, or on the embedded default a random one made at the
 * first start and kept in DATA_DIR so tokens survive a restart.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret !== null) return config.jwtSecret;
  const file = join(config.dataDir, "jwt-secret");
  try {
    const kept = (await readFile(file, "utf8")).trim();
    if (kept.length >= MIN_JWT_SECRET_BYTES) return kept;
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  await writeFile(file, secret + "\n", { mode: 0o600 });
  return secret;
}
