import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, parseConfig, resolveJwtSecret } from "./config.ts";
import { exponentialBackoff } from "./outbox/worker.ts";
import { DEFAULT_PROFILE_ES } from "./contracts/settings/profile.ts";

const STRONG_SECRET = "0123456789abcdef0123456789abcdef";

const refusal = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message;
  }
  assert.fail("expected a ConfigError");
};

Deno.test("config: defaults for the embedded default", () => {
  const c = parseConfig({});
  assert.equal(c.port, 8080);
  assert.equal(c.host, "0.0.0.0");
  assert.equal(c.databaseUrl, null);
  assert.equal(c.redisUrl, null);
  assert.equal(c.dataDir, "./data");
  assert.equal(c.jwtSecret, null);
  assert.equal(c.slotCapacity, 2);
  assert.equal(c.businessTz, "America/New_York");
  assert.equal(c.pwaDist, "pwa/dist");
  assert.equal(c.trustProxy, false);
  assert.equal(c.profile.name, "ClearFlow Duct & Vent Cleaning");
  assert.equal(c.profile.phone, "(704) 555-0142");
  assert.equal(c.profile.address.city, "Charlotte");
  assert.equal(c.profile.founded, 2010);
});

Deno.test("config: reads every variable", () => {
  const c = parseConfig({
    PORT: "3000",
    HOST: "127.0.0.1",
    DATABASE_URL: "postgres://app@db:5432/clearflow",
    REDIS_URL: "redis://cache:6379",
    DATA_DIR: "/var/lib/clearflow",
    JWT_SECRET: STRONG_SECRET,
    ADMIN_EMAIL: "Owner@Example.com",
    ADMIN_PASSWORD: "long enough",
    SLOT_CAPACITY: "4",
    BOOKING_HORIZON_DAYS: "90",
    BUSINESS_TZ: "America/Chicago",
    PWA_DIST: "/srv/pwa",
    TRUST_PROXY: "true",
    BUSINESS_NAME: "Other Co",
    BUSINESS_ZIP: "28202",
  });
  assert.equal(c.port, 3000);
  assert.equal(c.databaseUrl, "postgres://app@db:5432/clearflow");
  assert.equal(c.redisUrl, "redis://cache:6379");
  assert.equal(c.adminEmail, "owner@example.com");
  assert.equal(c.slotCapacity, 4);
  assert.equal(c.bookingHorizonDays, 90);
  assert.equal(c.profile.bookingHorizonDays, 90, "the PWA's pickers read it from the profile");
  assert.equal(parseConfig({}).bookingHorizonDays, 365);
  assert.equal(c.businessTz, "America/Chicago");
  assert.equal(c.profile.timeZone, "America/Chicago");
  assert.equal(c.trustProxy, true);
  assert.equal(c.profile.name, "Other Co");
  assert.equal(c.profile.address.zip, "28202");
});

Deno.test("config: the business profile's short name and service area follow a configured name and city", () => {
  const defaults = parseConfig({}).profile;
  assert.equal(defaults.shortName, "ClearFlow");
  assert.equal(defaults.serviceArea, "the Charlotte area");
  assert.equal(defaults.hoursText, "Mon-Sun 7:00 AM to 7:00 PM, Saturday closed");
  const other = parseConfig({ BUSINESS_NAME: "Roanoke Air", BUSINESS_CITY: "Roanoke", BUSINESS_STATE: "va" }).profile;
  assert.equal(other.shortName, "Roanoke Air");
  assert.equal(other.serviceArea, "the Roanoke area");
  assert.equal(other.address.state, "VA");
  const own = parseConfig({
    BUSINESS_SHORT_NAME: "RA",
    BUSINESS_SERVICE_AREA: "the Roanoke Valley",
    BUSINESS_HOURS: "Mon-Fri 8:00 AM - 5:00 PM",
    BUSINESS_HOURS_SHORT: "Mon-Fri: 8AM - 5PM",
    BUSINESS_HOURS_TEXT: "Monday to Friday, 8:00 AM to 5:00 PM",
  }).profile;
  assert.deepEqual(
    [own.shortName, own.serviceArea, own.hours, own.hoursShort, own.hoursText],
    [
      "RA",
      "the Roanoke Valley",
      "Mon-Fri 8:00 AM - 5:00 PM",
      "Mon-Fri: 8AM - 5PM",
      "Monday to Friday, 8:00 AM to 5:00 PM",
    ],
  );
  assert.match(
    refusal({ BUSINESS_STATE: "Carolina" }),
    /^Invalid environment variable BUSINESS_STATE: must be the two-letter code of a US state$/,
  );
});

Deno.test("config: the Spanish service area is BUSINESS_SERVICE_AREA_ES, else the city's area in Spanish", () => {
  const defaults = parseConfig({}).profile;
  assert.deepEqual(defaults.es, DEFAULT_PROFILE_ES);
  assert.equal(defaults.es!.serviceArea, "el área de Charlotte");
  assert.equal(parseConfig({ BUSINESS_CITY: "Roanoke" }).profile.es!.serviceArea, "el área de Roanoke");
  const own = parseConfig({
    BUSINESS_SERVICE_AREA: "the Roanoke Valley",
    BUSINESS_SERVICE_AREA_ES: " el valle de Roanoke ",
  });
  assert.equal(own.profile.es!.serviceArea, "el valle de Roanoke");
  assert.equal(own.profile.serviceArea, "the Roanoke Valley");
});

Deno.test("config: English texts with no Spanish given are shown as written on Spanish pages", () => {
  const own = parseConfig({
    BUSINESS_SERVICE_AREA: "the Roanoke Valley",
    BUSINESS_HOURS_TEXT: "weekdays 8 to 5",
  }).profile;
  assert.equal(own.es!.serviceArea, "the Roanoke Valley");
  assert.equal(own.es!.hoursText, "weekdays 8 to 5");
  assert.equal(own.es!.hoursShort, DEFAULT_PROFILE_ES.hoursShort, "SPEC's own hours keep their Spanish");
});

Deno.test("config: treats an empty variable as unset", () => {
  assert.equal(parseConfig({ PORT: "", REDIS_URL: "" }).port, 8080);
});

Deno.test("config: names the bad variable", () => {
  assert.match(refusal({ PORT: "eighty" }), /^Invalid environment variable PORT: /);
  assert.match(refusal({ PORT: "70000" }), /PORT/);
  assert.match(refusal({ SLOT_CAPACITY: "0" }), /SLOT_CAPACITY/);
  assert.match(refusal({ BOOKING_HORIZON_DAYS: "0" }), /BOOKING_HORIZON_DAYS/);
  assert.match(refusal({ BOOKING_HORIZON_DAYS: "a year" }), /BOOKING_HORIZON_DAYS/);
  assert.match(refusal({ BUSINESS_TZ: "Mars/Olympus" }), /BUSINESS_TZ/);
  assert.match(refusal({ DATABASE_URL: "mysql://x", JWT_SECRET: STRONG_SECRET }), /DATABASE_URL/);
  assert.match(refusal({ REDIS_URL: "not a url" }), /REDIS_URL/);
  assert.match(refusal({ ADMIN_EMAIL: "owner@example.com" }), /ADMIN_PASSWORD/);
  assert.match(refusal({ ADMIN_EMAIL: "nope", ADMIN_PASSWORD: "long enough" }), /ADMIN_EMAIL/);
  assert.match(refusal({ ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "short" }), /ADMIN_PASSWORD/);
  assert.match(refusal({ TRUST_PROXY: "maybe" }), /TRUST_PROXY/);
});

Deno.test("config: refuses a missing or short JWT_SECRET when DATABASE_URL is set", () => {
  assert.match(refusal({ DATABASE_URL: "postgres://db/x" }), /^Invalid environment variable JWT_SECRET: .*32 bytes/);
  assert.match(refusal({ DATABASE_URL: "postgres://db/x", JWT_SECRET: "short-secret" }), /JWT_SECRET/);
  assert.equal(parseConfig({ DATABASE_URL: "postgres://db/x", JWT_SECRET: STRONG_SECRET }).jwtSecret, STRONG_SECRET);
});

Deno.test("config: refuses a short JWT_SECRET on the embedded default too; only leaving it unset is allowed", () => {
  assert.match(refusal({ JWT_SECRET: "given" }), /^Invalid environment variable JWT_SECRET: .*32 bytes/);
  assert.match(refusal({ JWT_SECRET: STRONG_SECRET.slice(1) }), /JWT_SECRET/);
  assert.equal(parseConfig({ JWT_SECRET: STRONG_SECRET }).jwtSecret, STRONG_SECRET);
});

Deno.test("config: security settings and abuse limits", () => {
  const defaults = parseConfig({});
  assert.equal(defaults.hsts, false);
  assert.deepEqual(defaults.corsOrigins, []);
  assert.deepEqual(defaults.limits, {
    loginFailuresPerIp: 10,
    loginFailuresPerAccount: 20,
    loginWindowMinutes: 15,
    bookingsPerHour: 20,
    contactMessagesPerHour: 20,
    manageChangesPerHour: 10,
    portalSignInsPerEmail: 5,
    portalSignInsPerClient: 20,
  });
  const c = parseConfig({
    HSTS: "true",
    CORS_ORIGINS: "https://a.example, https://b.example:8443",
    LOGIN_LIMIT_PER_IP: "5",
    LOGIN_LIMIT_PER_ACCOUNT: "7",
    LOGIN_WINDOW_MINUTES: "30",
    BOOKING_LIMIT_PER_HOUR: "50",
    CONTACT_LIMIT_PER_HOUR: "40",
    MANAGE_LIMIT_PER_HOUR: "5",
    PORTAL_SIGN_IN_LIMIT_PER_EMAIL: "3",
    PORTAL_SIGN_IN_LIMIT_PER_CLIENT: "30",
  });
  assert.equal(c.hsts, true);
  assert.deepEqual(c.corsOrigins, ["https://a.example", "https://b.example:8443"]);
  assert.deepEqual(c.limits, {
    loginFailuresPerIp: 5,
    loginFailuresPerAccount: 7,
    loginWindowMinutes: 30,
    bookingsPerHour: 50,
    contactMessagesPerHour: 40,
    manageChangesPerHour: 5,
    portalSignInsPerEmail: 3,
    portalSignInsPerClient: 30,
  });
  assert.match(refusal({ CORS_ORIGINS: "*" }), /CORS_ORIGINS/);
  assert.match(refusal({ CORS_ORIGINS: "https://a.example/path" }), /CORS_ORIGINS/);
  assert.match(refusal({ HSTS: "yes" }), /HSTS/);
  assert.match(refusal({ BOOKING_LIMIT_PER_HOUR: "0" }), /BOOKING_LIMIT_PER_HOUR/);
  assert.match(refusal({ PORTAL_SIGN_IN_LIMIT_PER_EMAIL: "0" }), /PORTAL_SIGN_IN_LIMIT_PER_EMAIL/);
});

Deno.test("config: generates the embedded default's JWT secret once and keeps it in DATA_DIR", async () => {
  const dir = await mkdtemp(join(tmpdir(), "clearflow-config-"));
  try {
    const config = parseConfig({ DATA_DIR: join(dir, "nested") });
    const first = await resolveJwtSecret(config);
    assert.ok(first.length >= 32);
    assert.equal(await resolveJwtSecret(config), first, "the second start reads the same secret");
    assert.equal((await readFile(join(dir, "nested", "jwt-secret"), "utf8")).trim(), first);
    assert.equal(await resolveJwtSecret(parseConfig({ JWT_SECRET: STRONG_SECRET })), STRONG_SECRET);
  } finally {
    await rm(dir, { recursive: true });
  }
});

Deno.test("config: mail bodies are kept 30 days unless MAIL_RETENTION_DAYS says otherwise", () => {
  assert.equal(parseConfig({}).mail.retentionDays, 30);
  assert.equal(parseConfig({ MAIL_RETENTION_DAYS: "365" }).mail.retentionDays, 365);
  assert.match(refusal({ MAIL_RETENTION_DAYS: "0" }), /MAIL_RETENTION_DAYS/);
});

Deno.test("config: a worker's claim on a message lasts 10 minutes unless MAIL_LEASE_SECONDS says otherwise", () => {
  assert.equal(parseConfig({}).mail.leaseMs, 600_000);
  assert.equal(parseConfig({ MAIL_LEASE_SECONDS: "30" }).mail.leaseMs, 30_000);
  assert.match(refusal({ MAIL_LEASE_SECONDS: "1" }), /MAIL_LEASE_SECONDS/);
});

Deno.test("config: with the default MAIL_MAX_ATTEMPTS a message outlasts a three-day SMTP outage", () => {
  const { maxAttempts } = parseConfig({}).mail;
  let waitedMs = 0;
  for (let attempts = 1; attempts < maxAttempts; attempts++) waitedMs += exponentialBackoff(attempts);
  assert.ok(waitedMs >= 3 * 24 * 3600 * 1000, `retries stop after ${(waitedMs / 3600_000).toFixed(1)} h`);
  assert.equal(parseConfig({ MAIL_MAX_ATTEMPTS: "5" }).mail.maxAttempts, 5);
});

Deno.test("config: visit reminders go 24 hours ahead and 12 hours after booking unless said otherwise", () => {
  const { mail } = parseConfig({});
  assert.deepEqual([mail.reminderHours, mail.reminderMinGapHours], [24, 12]);
  assert.equal(parseConfig({ REMINDER_MIN_GAP_HOURS: "0" }).mail.reminderMinGapHours, 0);
  assert.match(refusal({ REMINDER_HOURS: "0" }), /REMINDER_HOURS/);
});

Deno.test("config: rebook reminders a year after the visit; push keys go together; push endpoints are origins", () => {
  const config = parseConfig({});
  assert.equal(config.mail.rebookAfterDays, 365);
  assert.equal(config.mail.ratingDelayMinutes, 120);
  assert.equal(config.push.vapidKeys, null);
  assert.ok(config.push.endpointOrigins.includes("https://fcm.googleapis.com"));
  assert.deepEqual(
    parseConfig({ PUSH_ENDPOINT_ORIGINS: "http://127.0.0.1:9999, https://*.push.example" }).push.endpointOrigins,
    ["http://127.0.0.1:9999", "https://*.push.example"],
  );
  assert.match(refusal({ PUSH_ENDPOINT_ORIGINS: "127.0.0.1:9999" }), /PUSH_ENDPOINT_ORIGINS/);
  assert.match(refusal({ VAPID_PUBLIC_KEY: "B".repeat(87) }), /VAPID_PRIVATE_KEY/);
  assert.match(refusal({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "a".repeat(43) }), /VAPID_PUBLIC_KEY/);
  assert.match(refusal({ REBOOK_AFTER_DAYS: "-1" }), /REBOOK_AFTER_DAYS/);
});

Deno.test("config: RUN picks the API, the worker or both; one alone needs a shared database", () => {
  assert.equal(parseConfig({}).run, "all");
  const shared = { DATABASE_URL: "postgres://db/clearflow", JWT_SECRET: "x".repeat(40) };
  assert.equal(parseConfig({ RUN: "worker", ...shared }).run, "worker");
  assert.match(refusal({ RUN: "api" }), /RUN: api alone needs DATABASE_URL/);
  assert.match(refusal({ RUN: "both", ...shared }), /RUN/);
});

Deno.test("config: Twilio's credentials go together, with a sender, and texts are off without them", () => {
  const sid = `AC${"0123456789abcdef".repeat(2)}`;
  assert.equal(parseConfig({}).twilio, null);
  assert.match(refusal({ TWILIO_ACCOUNT_SID: sid }), /^Invalid environment variable TWILIO_AUTH_TOKEN: /);
  assert.match(refusal({ TWILIO_AUTH_TOKEN: "token" }), /^Invalid environment variable TWILIO_ACCOUNT_SID: /);
  assert.match(refusal({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token" }), /TWILIO_FROM/);
  assert.match(refusal({ TWILIO_ACCOUNT_SID: "SK123", TWILIO_AUTH_TOKEN: "token" }), /TWILIO_ACCOUNT_SID/);
  assert.match(
    refusal({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "704-555-0100" }),
    /TWILIO_FROM: must be a phone number in E.164/,
  );
  assert.deepEqual(
    parseConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+17045550100" }).twilio,
    {
      accountSid: sid,
      authToken: "token",
      from: "+17045550100",
      messagingServiceSid: null,
      apiBase: "https://api.twilio.com",
      quietHours: { fromHour: 21, untilHour: 8 },
    },
  );
  const florida = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+13055550100" };
  assert.deepEqual(parseConfig({ ...florida, SMS_QUIET_HOURS: "20-8" }).twilio?.quietHours, {
    fromHour: 20,
    untilHour: 8,
  });
  assert.equal(parseConfig({ ...florida, SMS_QUIET_HOURS: "off" }).twilio?.quietHours, null);
  assert.match(refusal({ ...florida, SMS_QUIET_HOURS: "9pm" }), /SMS_QUIET_HOURS/);
});

Deno.test("config: METRICS_PORT is off when unset, a port of its own, never the public one", () => {
  assert.equal(parseConfig({}).metricsPort, null);
  assert.equal(parseConfig({ METRICS_PORT: "9464" }).metricsPort, 9464);
  assert.match(refusal({ METRICS_PORT: "8080" }), /METRICS_PORT: must not be the public PORT/);
  assert.match(refusal({ PORT: "9000", METRICS_PORT: "9000" }), /METRICS_PORT/);
  assert.match(refusal({ METRICS_PORT: "0" }), /METRICS_PORT: must be a whole number from 1 to 65535/);
  assert.match(refusal({ METRICS_PORT: "http" }), /METRICS_PORT/);
});

Deno.test(
  "config: traces are off unless OTEL_DENO=true, and the exporter's variables fail the start when wrong",
  () => {
    assert.equal(parseConfig({}).tracing, false);
    assert.equal(parseConfig({ OTEL_DENO: "false" }).tracing, false);
    const on = { OTEL_DENO: "true", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    assert.equal(parseConfig(on).tracing, true);
    assert.equal(parseConfig({ ...on, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" }).tracing, true);
    assert.match(refusal({ OTEL_DENO: "1" }), /OTEL_DENO: must be true or false/);
    assert.match(refusal({ ...on, OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }), /OTEL_EXPORTER_OTLP_ENDPOINT/);
    assert.match(
      refusal({ ...on, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "grpc://x" }),
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/,
    );
    assert.match(
      refusal({ ...on, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }),
      /OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/protobuf or http\/json/,
    );
    assert.match(refusal({ ...on, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "json" }), /OTEL_EXPORTER_OTLP_TRACES_PROTOCOL/);
  },
);

Deno.test("config: hashes passwords at scrypt's production cost unless PASSWORD_HASH_COST says otherwise", () => {
  assert.equal(parseConfig({}).passwordHashCost, 15);
  assert.equal(parseConfig({ PASSWORD_HASH_COST: "12" }).passwordHashCost, 12);
  assert.match(refusal({ PASSWORD_HASH_COST: "9" }), /PASSWORD_HASH_COST/);
  assert.match(refusal({ PASSWORD_HASH_COST: "21" }), /PASSWORD_HASH_COST/);
});
