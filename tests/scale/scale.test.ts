// The scale-out test: 3 API instances started at once on an empty database, behind a real nginx
// configured from deploy/nginx.conf, with real Postgres and Redis, as deploy/compose.yaml would run them.
// Run: deno test -A tests/scale/   (npm run test:scale). Needs nginx, redis-server and Postgres' initdb/pg_ctl;
// without them the test is skipped locally and fails in CI (CI=true).
import assert from "node:assert/strict";
import type { Booking } from "../../api/contracts/bookings/booking.ts";
import { addDays, isSaturday, TIME_SLOTS, todayIn } from "../../api/contracts/schedule/dates.ts";
import { loadMigrations } from "../../api/db/migrate.ts";
import { Dashboard } from "../cluster/dashboard.ts";
import { CLUSTER_ADMIN as ADMIN, Cluster, missingBinaries, readyz } from "../cluster/cluster.ts";
import { composeApiEnvNames, type Instance, sleep, waitFor } from "../cluster/processes.ts";

const IN_CI = Deno.env.get("CI") === "true";
const missing = missingBinaries();

const INSTANCES = 3;

const log = (...parts: unknown[]) => console.log("[scale]", ...parts);

// ---------------------------------------------------------------- bookings through the balancer

interface Outcome {
  status: number | "network error";
  id?: string;
  retryAfter?: string | null;
}

class Bookings {
  sent = 0;
  /** Posts answered or failed: what a stream has done so far. */
  settled = 0;
  readonly ok = new Set<string>();
  readonly failures: { at: string; outcome: Outcome }[] = [];
  /** Accepted bookings an admin deleted since: expected neither in the database nor on a dashboard. */
  readonly deleted = new Set<string>();
  private seq = 0;
  private readonly date: string;
  constructor(private readonly baseUrl: string) {
    let date = addDays(todayIn("America/New_York"), 3);
    if (isSaturday(date)) date = addDays(date, 1);
    this.date = date;
  }

  /** One booking, with an Idempotency-Key as the PWA's outbox sends it (through the balancer unless told). */
  async post(phase: string, expectOk = true, baseUrl = this.baseUrl): Promise<Outcome> {
    const n = this.seq++;
    this.sent += 1;
    let outcome: Outcome;
    try {
      const res = await fetch(`${baseUrl}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify(bookingBody(n, this.date)),
        signal: AbortSignal.timeout(20_000),
      });
      const body = (await res.json().catch(() => null)) as { data?: Booking } | null;
      outcome = { status: res.status, id: body?.data?._id, retryAfter: res.headers.get("Retry-After") };
    } catch {
      outcome = { status: "network error" };
    }
    this.settled += 1;
    if (typeof outcome.status === "number" && outcome.status >= 200 && outcome.status < 300 && outcome.id) {
      this.ok.add(outcome.id);
    } else if (expectOk) {
      this.failures.push({ at: phase, outcome });
    }
    return outcome;
  }

  /** The accepted bookings still standing. */
  get standing(): Set<string> {
    return new Set([...this.ok].filter((id) => !this.deleted.has(id)));
  }

  /** An admin deletes an accepted booking; answers the status. */
  async remove(id: string, token: string): Promise<number> {
    const res = await fetch(`${this.baseUrl}/api/bookings/${id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(20_000),
    });
    await res.body?.cancel();
    if (res.status === 200) this.deleted.add(id);
    return res.status;
  }

  /** Waits until the streams running have settled `n` more posts: the load has gone on meanwhile. */
  async settle(n: number, what: string): Promise<void> {
    const mark = this.settled;
    await waitFor(() => (this.settled >= mark + n ? true : undefined), `${n} more bookings settled (${what})`);
  }

  /** Posts one after another (about `perSecond` a second) until stop() is called. */
  stream(phase: string, perSecond = 10) {
    let running = true;
    const done = (async () => {
      while (running) {
        const started = Date.now();
        await this.post(phase);
        await sleep(Math.max(0, 1000 / perSecond - (Date.now() - started)));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await done;
      },
    };
  }
}

function bookingBody(n: number, date: string) {
  return {
    firstName: "Scale",
    lastName: `Tester${n}`,
    email: `scale-${n}@example.com`,
    contactNumber: "(704) 555-0199",
    homeAddress: `${100 + n} East Blvd`,
    city: "Charlotte",
    state: "NC",
    zip: "28203",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: 1 + (n % 3),
    cleaningDate: date,
    cleaningTime: TIME_SLOTS[n % TIME_SLOTS.length],
    comment: "",
    estimatedPrice: 1,
    originalPrice: 1,
    discountAmount: 0,
    timeZone: "America/New_York",
  };
}

// ---------------------------------------------------------------- the test

Deno.test({
  name: "scale-out: 3 instances behind nginx survive restarts, kills, Redis and Postgres outages without losing a booking",
  ignore: missing.length > 0 && !IN_CI,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    if (missing.length > 0)
      throw new Error(`CI=true and missing binaries: ${missing.join(", ")} (.ci/run installs them)`);
    const startedAt = Date.now();
    const dashboards: Dashboard[] = [];
    let passed = false;
    if (Deno.env.get("TEST_DATABASE_URL")) {
      log("TEST_DATABASE_URL is set, but this test restarts Postgres: it runs its own throwaway cluster instead");
    }
    const cluster = await Cluster.create({ instances: INSTANCES, log });
    const { instances, lb, sql, procs } = cluster;
    try {
      const bookings = new Bookings(lb);
      const socketsOn = (instance: Instance) => {
        const open = new Set<string>();
        for (const line of instance.logs()) {
          if (line.msg === "staff socket connected") open.add(String(line.socketId));
          if (line.msg === "staff socket disconnected") open.delete(String(line.socketId));
        }
        return dashboards.filter((d) => d.currentSocketId && open.has(d.currentSocketId));
      };
      const instanceOf = (d: Dashboard) => instances.find((i) => socketsOn(i).includes(d));
      const allHave = async (ids: Iterable<string>, what: string, ms = 20_000) => {
        const wanted = [...ids];
        await waitFor(
          () => (dashboards.every((d) => wanted.every((id) => d.bookings.has(id))) ? true : undefined),
          `every dashboard to show ${wanted.length} bookings (${what})`,
          ms,
        ).catch((error) => {
          for (const d of dashboards) {
            const lacking = wanted.filter((id) => !d.bookings.has(id));
            if (lacking.length) log(`${d.name} lacks ${lacking.length}: ${lacking.slice(0, 3).join(", ")}`);
          }
          throw error;
        });
      };
      /** Sockets pile up on the survivors of a kill: crowded dashboards reconnect until they land elsewhere. */
      const rebalance = async () => {
        for (const d of dashboards) {
          for (let attempt = 0; attempt < 4 && socketsOn(instanceOf(d)!).length > 2; attempt++) {
            const before = d.catchUps;
            d.socket.disconnect().connect();
            await waitFor(
              () => (d.connected && instanceOf(d) && d.catchUps > before ? true : undefined),
              `${d.name} back`,
            );
            // A reconnection is 2 requests (socket, catch-up): round robin sends the next attempt elsewhere.
          }
        }
        return instances.map((i) => socketsOn(i).length);
      };
      /** nginx skips an instance for fail_timeout after a refused connection: wait until it sends to it again. */
      const routedAgain = (instance: Instance) => cluster.routedAgain(instance);
      const rowsInDb = async () => (await sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0]!.n;
      const idsInDb = async () =>
        new Set((await sql<{ id: string }[]>`select id::text from bookings`).map((r) => r.id));

      await t.step(
        "3 instances started at once on an empty database migrate under the lock and get ready",
        async () => {
          assert.deepEqual(
            Object.keys(instances[0]!.composeEnv()).sort(),
            await composeApiEnvNames(),
            "the instances get the variables deploy/compose.yaml gives its api replicas",
          );
          const t0 = Date.now();
          for (const instance of instances) procs.push(instance.start());
          await Promise.all(instances.map((i) => i.ready()));
          const applied = instances.flatMap((i) => i.logs().filter((l) => l.msg === "storage ready"));
          assert.equal(applied.length, INSTANCES);
          const migrations = await loadMigrations();
          const versions = applied.flatMap((l) => l.migrationsApplied as number[]).sort((a, b) => a - b);
          assert.deepEqual(
            versions,
            migrations.map((m) => m.version),
            "each migration applied exactly once",
          );
          const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from schema_migrations`;
          assert.equal(n, migrations.length);
          log(`instances ready in ${Date.now() - t0} ms; migrations ${versions.join(",")} applied once in total`);
        },
      );

      const token = await cluster.login();

      await t.step(
        "a booking posted to any instance reaches every admin socket on every instance exactly once",
        async () => {
          // Opened one at a time: round robin spreads them; more are opened until each instance holds 2.
          for (let n = 0; n < 12 && instances.some((i) => socketsOn(i).length < 2); n++) {
            const d = new Dashboard(`dashboard-${n + 1}`, lb, token);
            dashboards.push(d);
            await d.open();
            await waitFor(() => instanceOf(d), `${d.name}'s socket in an instance's log`);
            await waitFor(() => (d.catchUps > 0 ? true : undefined), `${d.name}'s first catch-up`);
            // A dashboard makes 3 requests (list, socket, catch-up): with 3 instances, round robin would put every
            // socket on the same one. One more request shifts the next dashboard to the next instance.
            await (await fetch(`${lb}/api/healthz`)).body?.cancel();
          }
          const spread = instances.map((i) => socketsOn(i).length);
          log(`admin sockets per instance: ${spread.join(", ")}`);
          assert.ok(
            spread.every((n) => n >= 2),
            "at least 2 admin sockets on every instance",
          );
          const posted: string[] = [];
          for (let n = 0; n < 12; n++) {
            const outcome = await bookings.post("fan-out");
            assert.equal(outcome.status, 201);
            posted.push(outcome.id!);
          }
          await waitFor(
            () => (dashboards.every((d) => posted.every((id) => d.newBookingEvents.has(id))) ? true : undefined),
            "every socket to receive every newBooking",
          );
          // A barrier for duplicates: one more booking posted straight to each instance, after the 12. A copy of one
          // of the 12 would come the way an original did, from an instance's own emit or through Redis, where one
          // instance publishes on one connection that every other reads in order: each marker takes one of those
          // ways behind it. Once every dashboard has all 3 markers, a copy that has not come never will.
          const markers: string[] = [];
          for (const instance of instances) {
            const outcome = await bookings.post("fan-out", true, instance.url);
            assert.equal(outcome.status, 201, `a marker booking on ${instance.name}`);
            markers.push(outcome.id!);
          }
          await waitFor(
            () => (dashboards.every((d) => markers.every((id) => d.newBookingEvents.has(id))) ? true : undefined),
            "every socket to receive the 3 markers",
          );
          for (const d of dashboards) {
            for (const id of posted) assert.equal(d.newBookingEvents.get(id), 1, `${d.name} got ${id} exactly once`);
            assert.deepEqual(d.malformed, [], "every event carries _id and updatedAt");
          }
          const served = upstreamsOf(await cluster.readAccessLog(), "POST /api/bookings");
          log(
            `12 bookings posted through nginx, served by ${JSON.stringify(served)}; each reached all ${dashboards.length} sockets once`,
          );
          assert.ok(Object.keys(served).length >= 2, "the bookings went to more than one instance");
          // Nothing restarted yet: a request nginx had to pass on to another instance could only come from an
          // upstream connection the API dropped under it (decision 0026).
          const passedOn = (await cluster.readAccessLog()).filter(passedOnAfterError);
          assert.deepEqual(passedOn, [], "with no restart, nginx passed no request on after an upstream error");
        },
      );

      await t.step("rolling restart (SIGTERM, drain, start again) under a steady stream fails no request", async () => {
        const before = bookings.ok.size;
        const sentBefore = bookings.sent;
        const stream = bookings.stream("rolling restart");
        const reads = readStream(lb, token);
        try {
          for (const instance of instances) {
            // Under load when the signal comes: a few bookings answered since the start or the last restart.
            await bookings.settle(5, `before ${instance.name} is stopped`);
            const t0 = Date.now();
            instance.proc.signal("SIGTERM");
            // Only a draining instance answers 503 here: it keeps listening for SHUTDOWN_DRAIN_MS, then exits.
            await waitFor(
              async () => ((await readyz(instance)) === 503 ? true : undefined),
              `${instance.name} to answer readyz 503 while draining`,
            );
            const status = await instance.proc.stop("SIGTERM", 15_000);
            assert.equal(status.code, 0, `${instance.name} exits cleanly`);
            procs.push(instance.start());
            await instance.ready();
            await routedAgain(instance);
            log(`${instance.name} drained, stopped, back and used by nginx again in ${Date.now() - t0} ms`);
          }
          await bookings.settle(10, "after the last restart");
        } finally {
          await stream.stop();
        }
        const readResults = await reads.stop();
        const failures = bookings.failures.filter((f) => f.at === "rolling restart");
        log(
          `rolling restart: ${bookings.sent - sentBefore} bookings sent, ${bookings.ok.size - before} got 2xx, ${failures.length} failed; ` +
            `${readResults.sent} admin reads alongside, ${readResults.failed.length} failed`,
        );
        assert.deepEqual(failures, [], "no booking failed during the rolling restart");
        assert.deepEqual(readResults.failed, [], "no read failed during the rolling restart");
        await allHave(bookings.ok, "after the rolling restart");
        const inDb = await idsInDb();
        for (const id of bookings.ok) assert.ok(inDb.has(id), `booking ${id} is in the database`);
      });

      await t.step(
        "SIGKILL of an instance: its admin sockets reconnect elsewhere, every 2xx booking is stored",
        async () => {
          const victim = instances.find((i) => socketsOn(i).length > 0)!;
          const orphans = socketsOn(victim);
          const stream = bookings.stream("sigkill", 10);
          try {
            await bookings.settle(5, "before the SIGKILL");
            victim.proc.killGroup();
            await victim.proc.exited;
            await waitFor(
              () => (orphans.every((d) => d.connected && instanceOf(d) && instanceOf(d) !== victim) ? true : undefined),
              `${orphans.length} orphaned sockets to reconnect to another instance`,
            );
            log(
              `SIGKILL ${victim.name}: its ${orphans.length} admin sockets reconnected to ${orphans.map((d) => instanceOf(d)!.name).join(", ")}`,
            );
            await bookings.settle(5, "after the sockets reconnected");
          } finally {
            await stream.stop();
          }
          const failures = bookings.failures.filter((f) => f.at === "sigkill");
          log(
            `during the SIGKILL: ${failures.length} requests failed ${JSON.stringify(failures.map((f) => f.outcome))}`,
          );
          const inDb = await idsInDb();
          for (const id of bookings.ok) assert.ok(inDb.has(id), `booking ${id} that got a 2xx is in the database`);
          await allHave(bookings.ok, "after the SIGKILL");
          procs.push(victim.start());
          await victim.ready();
          await routedAgain(victim);
        },
      );

      await t.step("Redis stopped and started: bookings still accepted, no crash, live events resume", async () => {
        log(`admin sockets per instance before Redis stops: ${(await rebalance()).join(", ")}`);
        const okBefore = new Set(bookings.ok);
        // Shown on every dashboard (the previous step waited for it), deleted while no event can tell them.
        const victim = [...okBefore][0]!;
        const redisStatus = await cluster.redis.stop("SIGTERM", 5000);
        log(`redis stopped (${redisStatus.code ?? redisStatus.signal})`);
        await waitFor(
          async () => ((await Promise.all(instances.map((i) => readyz(i)))).every((s) => s === 503) ? true : undefined),
          "every instance to answer readyz 503 without Redis",
        );
        const during: string[] = [];
        for (let n = 0; n < 8; n++) {
          const outcome = await bookings.post("redis down");
          assert.equal(outcome.status, 201, "a booking is accepted while Redis is down");
          during.push(outcome.id!);
        }
        const loginDuring = await fetch(`${lb}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(ADMIN),
        });
        await loginDuring.body?.cancel();
        assert.equal(loginDuring.status, 200, "logins work while Redis is down (the limiter fails open)");
        assert.equal(await bookings.remove(victim, token), 200, "an admin deletes a booking while Redis is down");
        for (const instance of instances) assert.ok(instance.proc.running, `${instance.name} is still running`);
        log(
          `while Redis was down: ${during.length} bookings accepted, 1 deleted, login 200, every instance alive, readyz 503`,
        );

        await cluster.startRedis();
        await Promise.all(instances.map((i) => i.ready(20_000)));
        // The dashboards reconnect on their own (the instances close their transports) and catch up.
        await allHave(during, "made while Redis was down", 20_000);
        await waitFor(
          () => (dashboards.every((d) => !d.bookings.has(victim)) ? true : undefined),
          "every dashboard to drop the booking deleted while Redis was down (catch-up of deletions)",
          20_000,
        );
        await waitFor(() => (dashboards.every((d) => d.connected) ? true : undefined), "every dashboard connected");
        const after = await bookings.post("redis back");
        assert.equal(after.status, 201);
        await waitFor(
          () => (dashboards.every((d) => d.newBookingEvents.get(after.id!) === 1) ? true : undefined),
          "a live event for a booking made after Redis returned, on every socket",
        );
        for (const instance of instances) assert.ok(instance.proc.running, `${instance.name} is still running`);
        const stillOk = [...okBefore].every((id) => id === victim || dashboards.every((d) => d.bookings.has(id)));
        assert.ok(stillOk);
        log(
          `Redis back: the ${during.length} bookings and the deletion of the outage reached every dashboard; live events resumed`,
        );
      });

      await t.step(
        "Postgres restarted: 503 with Retry-After during the outage, the first requests after succeed",
        async () => {
          await cluster.pg.stop("fast");
          const outage: Outcome[] = [];
          for (let n = 0; n < 6; n++) outage.push(await bookings.post("postgres down", false));
          const services = await fetch(`${lb}/api/bookings`, { headers: { Authorization: `Bearer ${token}` } });
          await services.body?.cancel();
          outage.push({ status: services.status, retryAfter: services.headers.get("Retry-After") });
          log(`postgres down: ${JSON.stringify(outage.map((o) => `${o.status} Retry-After=${o.retryAfter}`))}`);
          for (const o of outage) {
            assert.equal(o.status, 503, "a request during the outage answers 503");
            assert.ok(Number(o.retryAfter) > 0, "with Retry-After");
          }
          await cluster.pg.start();
          const first: Outcome[] = [];
          for (let n = 0; n < 6; n++) first.push(await bookings.post("postgres back"));
          for (const instance of instances) {
            const res = await fetch(`${instance.url}/api/bookings?since=2000-01-01T00:00:00.000Z`, {
              headers: { Authorization: `Bearer ${token}` },
            });
            await res.body?.cancel();
            first.push({ status: res.status });
          }
          log(`postgres back: first requests ${first.map((o) => o.status).join(" ")}`);
          assert.ok(
            first.every((o) => o.status === 200 || o.status === 201),
            "the first requests after the restart succeed",
          );
          for (const instance of instances) assert.ok(instance.proc.running, `${instance.name} is still running`);
        },
      );

      await t.step("the login limit is counted in Redis, so it holds across the instances", async () => {
        const statuses: number[] = [];
        for (let n = 0; n < 11; n++) {
          const res = await fetch(`${lb}/api/auth/login`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "nobody@test.example", password: `wrong-password-${n}` }),
          });
          await res.body?.cancel();
          statuses.push(res.status);
        }
        const served = upstreamsOf(await cluster.readAccessLog(), "POST /api/auth/login");
        log(`11 failed logins through nginx: ${statuses.join(" ")}; served by ${JSON.stringify(served)}`);
        assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
        assert.equal(statuses[10], 429, "the 11th failure is refused although no instance saw 10 of them");
      });

      // ---- the counts the issue asks for
      await allHave(bookings.standing, "at the end");
      const rows = await rowsInDb();
      log("---- counts");
      log(`bookings sent:        ${bookings.sent}`);
      log(`2xx received:         ${bookings.ok.size}`);
      log(`deleted by an admin:  ${bookings.deleted.size}`);
      log(`failed (unexpected):  ${bookings.failures.length}`);
      log(`rows in the database: ${rows}`);
      for (const d of dashboards) {
        log(
          `${d.name}: ${d.eventsReceived} events received, ${d.socketIds.length} connections, ${d.catchUps} catch-ups, shows ${d.bookings.size} bookings`,
        );
      }
      const retried = (await cluster.readAccessLog()).filter(passedOnAfterError).length;
      log(`nginx passed ${retried} requests on to another instance after a connection error`);
      log(`run time: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
      assert.equal(
        rows,
        bookings.standing.size,
        "exactly the accepted bookings not deleted are stored (no duplicate from a retry)",
      );
      for (const d of dashboards) assert.deepEqual(d.malformed, [], `${d.name}: every event carried _id and updatedAt`);
      passed = true;
    } finally {
      for (const d of dashboards) d.close();
      await cluster.stop(passed, log);
    }
  },
});

/** GET /api/bookings as an admin in a loop (an idempotent request nginx may pass on), until stop(). */
function readStream(baseUrl: string, token: string) {
  let running = true;
  const failed: (number | string)[] = [];
  let sent = 0;
  const done = (async () => {
    while (running) {
      sent += 1;
      try {
        const res = await fetch(`${baseUrl}/api/bookings?since=${encodeURIComponent(new Date().toISOString())}`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(20_000),
        });
        await res.body?.cancel();
        if (res.status !== 200) failed.push(res.status);
      } catch (error) {
        failed.push(String(error));
      }
      await sleep(100);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { sent, failed };
    },
  };
}

/** An access-log line of a request nginx sent to more than one upstream (it failed on the first). */
const passedOnAfterError = (line: string) => /upstream=\S+, /.test(line);

/** How many `request` lines each upstream address answered (the last one when nginx retried). */
function upstreamsOf(lines: string[], request: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of lines) {
    if (!line.includes(`"${request}`)) continue;
    const upstream = /upstream=(\S+(?:, \S+)*) upstream_status/.exec(line)?.[1]?.split(", ").pop() ?? "?";
    counts[upstream] = (counts[upstream] ?? 0) + 1;
  }
  return counts;
}
