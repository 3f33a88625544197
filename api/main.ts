import { createSealer } from "./platform/sealed.ts";
import { TOTP_SEAL_PURPOSE } from "./features/auth/factors-repo.ts";
import { ConfigError, loadConfig, resolveJwtSecret } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate, SchemaNewerError } from "./db/migrate.ts";
import { seedServices } from "./db/seed.ts";
import { createLimiters, createRepos } from "./deps.ts";
import { initialSettings, withSettingsProfile } from "./contracts/settings/settings.ts";
import { ensureAdmin } from "./features/auth/bootstrap.ts";
import { systemClock } from "./platform/clock.ts";
import { bufferedJsonLogger } from "./platform/log.ts";
import { createRedisInvalidationBus } from "./platform/invalidation.ts";
import { createRateLimitRedis, createRedisRateLimiter } from "./platform/rate-limit-redis.ts";
import { createTokenService } from "./platform/tokens.ts";
import { createOutbox } from "./outbox/store.ts";
import { createMailTransport } from "./outbox/mail/transport.ts";
import { startOutboxWorker } from "./outbox/worker.ts";
import { createPushSender } from "./outbox/push/sender.ts";
import { smsChannel } from "./outbox/sms/channel.ts";
import { createTextsStore } from "./outbox/sms/texts.ts";
import { twilioSender } from "./outbox/sms/twilio.ts";
import { vapidKeysOf } from "./outbox/push/repo.ts";
import { startServer } from "./server.ts";
import { atMostEvery } from "./platform/at-most-every.ts";
import { startCustomerLinker } from "./features/customers/linker.ts";
import { announceWith, startVisitPlanner } from "./features/memberships/visits.ts";
import { startFigureFolder } from "./features/dashboard/folder.ts";
import { startMetricsServer } from "./platform/metrics-server.ts";
import { readOutboxWith } from "./platform/metrics.ts";
import { outboxFigures } from "./outbox/figures.ts";
import { setTracing } from "./platform/tracing.ts";

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** The Postgres channel on which an API process wakes a worker process (RUN=api / RUN=worker). */
const WAKE_CHANNEL = "clearflow_outbox";
/** The channel on which a worker process tells the API instances of a visit it planned (a booking's id). */
const PLANNED_CHANNEL = "clearflow_planned";
const WAKE_WINDOW_MS = 25;

// One line per request, written in batches (a synchronous write per line was the main cost of a cached GET).
const log = bufferedJsonLogger();
// Whatever way the process ends (Deno.exit included), the buffered lines are written first.
globalThis.addEventListener("unload", () => log.flush());

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(1);
    }
    throw error;
  }
  setTracing(config.tracing);

  const db = await openDatabase(config);
  let applied: number[];
  try {
    applied = await migrate(db.sql);
  } catch (error) {
    if (!(error instanceof SchemaNewerError)) throw error;
    console.error(error.message);
    await db.close();
    Deno.exit(1);
  }
  const seeded = await seedServices(db.sql);
  const repos = createRepos(db.sql);
  // The environment seeds the settings on the first start; later, the owner changes them in the dashboard.
  const settingsSeeded = await repos.settings.seed(initialSettings(config.profile, config));
  log.info({
    msg: "storage ready",
    embedded: db.embedded,
    migrationsApplied: applied,
    servicesSeeded: seeded,
    settingsSeeded,
  });

  // Every instance reads the outbox's depth at its scrape, so it stays visible while the worker is down (one
  // series per instance: dashboards take the max).
  readOutboxWith(outboxFigures(db.sql));
  const metrics = config.metricsPort === null ? null : await startMetricsServer(config.metricsPort, config.host);
  if (metrics) log.info({ msg: "metrics listening", port: metrics.port });

  const clock = systemClock;
  await ensureAdmin(repos.admins, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    embedded: db.embedded,
    announce: (text) => console.log(text),
    passwordCost: config.passwordHashCost,
  });
  const jwtSecret = await resolveJwtSecret(config);
  const tokens = createTokenService(jwtSecret, clock, repos.admins);
  const sealer = createSealer(config.totpSecretKey ?? jwtSecret, TOTP_SEAL_PURPOSE);

  // With Redis, every instance counts in the same place, so a limit holds however requests are balanced.
  const limiterRedis = config.redisUrl ? createRateLimitRedis(config.redisUrl) : null;
  const limiters = createLimiters(
    config.limits,
    clock,
    limiterRedis
      ? (name, options) =>
          createRedisRateLimiter({ ...options, redis: limiterRedis, prefix: `clearflow:limit:${name}:`, log })
      : undefined,
  );

  // With Redis, a services write on one instance drops the cached list on all of them.
  const invalidation = config.redisUrl
    ? createRedisInvalidationBus({ url: config.redisUrl, prefix: "clearflow:", log })
    : undefined;

  const outbox = createOutbox(db.sql, {
    config,
    log,
    now: () => clock.now(),
    // Named e-mails are rendered when they are sent, with the business as the owner last saved it in Settings.
    profile: async () => withSettingsProfile(config.profile, (await repos.settings.get()).profile),
  });

  // RUN=worker serves no HTTP; RUN=api sends no mail (decision 0038).
  const server =
    config.run === "worker"
      ? null
      : await startServer({
          deps: { config, sql: db.sql, repos, clock, limiters, tokens, sealer, log, invalidation, outbox },
          host: config.host,
          port: config.port,
          redisUrl: config.redisUrl,
        });
  if (server) console.log(`${config.profile.shortName} is listening on ${server.url}`);

  const transport = config.run === "api" ? null : createMailTransport(config.mail, log);
  const worker = transport
    ? startOutboxWorker({
        sql: db.sql,
        transport,
        composer: outbox.composer,
        push: createPushSender({
          repo: repos.push,
          keys: vapidKeysOf(config.push.vapidKeys, repos.push),
          subject: `mailto:${config.profile.email}`,
          endpointOrigins: config.push.endpointOrigins,
          log,
        }),
        // Texts only with Twilio's credentials: without them none is ever written.
        sms: config.twilio
          ? smsChannel({
              sql: db.sql,
              sender: twilioSender(config.twilio),
              texts: createTextsStore(db.sql),
              audit: repos.audit,
              timeZone: config.businessTz,
              quietHours: config.twilio.quietHours,
              statusCallback: `${config.mail.publicUrl}/api/webhooks/twilio/status`,
              now: () => clock.now(),
            })
          : undefined,
        log,
        pollMs: config.mail.pollMs,
        maxAttempts: config.mail.maxAttempts,
        retentionMs: config.mail.retentionDays * 24 * 60 * 60 * 1000,
        leaseMs: config.mail.leaseMs,
      })
    : null;
  if (worker && config.run === "all") outbox.onWake(worker.wake);
  // Apart, the API wakes the worker through Postgres, so a booking's e-mail does not wait for the next poll. One
  // NOTIFY per window, not per booking: a woken worker takes everything due .
  if (config.run === "api") {
    outbox.onWake(
      atMostEvery(WAKE_WINDOW_MS, () => {
        db.sql.notify(WAKE_CHANNEL, "").catch((error) => log.error({ msg: "mail wake failed", error: String(error) }));
      }),
    );
  }
  if (worker && config.run === "worker") await db.sql.listen(WAKE_CHANNEL, () => worker.wake());
  if (transport) {
    log.info({ msg: "mail worker started", run: config.run, to: transport.describe, from: config.mail.from });
  }

  // Bookings that reach the table without a customer are linked by the worker process, like the outbox's sending.
  const linker = config.run === "api" ? null : startCustomerLinker({ sql: db.sql, log });
  // The dashboard's counters are folded by the worker too, so a summary sums a minute of writes beyond the fold.
  const folder =
    config.run === "api"
      ? null
      : startFigureFolder({ repo: repos.dashboard, clock, businessTz: config.businessTz, log });

  // A plan's visits are planned ahead by the worker process too; the database's keys keep each visit to one booking.
  const planner =
    config.run === "api"
      ? null
      : startVisitPlanner({
          sql: db.sql,
          outbox,
          now: () => clock.now(),
          businessTz: config.businessTz,
          leadDays: config.mail.planVisitLeadDays,
          publicUrl: config.mail.publicUrl,
          online: config.stripe !== null,
          settings: () => repos.settings.get(),
          services: () => repos.services.list(),
          profile: async () => withSettingsProfile(config.profile, (await repos.settings.get()).profile),
          // Told to the office's screens: by this process's sockets, or through Postgres to the API instances'.
          announce: server
            ? announceWith((id) => repos.bookings.get(id), server.realtime.emitter.newBooking)
            : async (id) => void (await db.sql.notify(PLANNED_CHANNEL, id)),
          log,
        });
  // Each instance tells its own admins: every instance hears the notification.
  if (server && config.run === "api") {
    const announce = announceWith((id) => repos.bookings.get(id), server.realtime.newBookingHere);
    await db.sql.listen(PLANNED_CHANNEL, (id) => void announce(id).catch(() => undefined));
  }

  const purge = () =>
    repos.idempotency.purge().catch((error) => log.error({ msg: "idempotency purge failed", error: String(error) }));
  await purge();
  const purgeTimer = setInterval(purge, PURGE_EVERY_MS);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ msg: "shutting down", signal, drainMs: config.shutdownDrainMs });
    clearInterval(purgeTimer);
    try {
      // readyz answers 503 first, so a balancer stops sending before the listener closes.
      await server?.shutdown(config.shutdownDrainMs);
      // The worker finishes the message it is sending before the database goes away.
      await worker?.stop();
      await linker?.stop();
      await planner?.stop();
      await folder?.stop();
      await metrics?.close();
      transport?.close();
      limiterRedis?.disconnect();
      await invalidation?.close();
      await db.close();
    } catch (error) {
      log.error({ msg: "error while shutting down", error: String(error) });
    }
    log.flush();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGTERM", () => void shutdown("SIGTERM"));
  Deno.addSignalListener("SIGINT", () => void shutdown("SIGINT"));
}

await main();
