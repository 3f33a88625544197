// One working day, compressed: the cluster of deploy/compose.yaml with an SMTP peer and a push receiver, the office
// and its technicians and customers as clients of the public API, the faults, and the day's verdict.
import type { Booking } from "../../api/contracts/bookings/booking.ts";
import { todayIn } from "../../api/contracts/schedule/dates.ts";
import type { LoginResponse, StaffMember as Member } from "../../api/contracts/staff/staff.ts";
import { startPushReceiver, testDevice } from "../../api/testing/push-receiver.ts";
import { Cluster } from "../cluster/cluster.ts";
import { Dashboard } from "../cluster/dashboard.ts";
import { waitFor } from "../cluster/processes.ts";
import { ACTOR_KINDS } from "./actors/index.ts";
import { checkDay, resultLine, type Verdict } from "./checks.ts";
import { DayClock } from "./clock.ts";
import { runFaults } from "./faults.ts";
import { Http, Latencies } from "./device.ts";
import { Ledger } from "./ledger.ts";
import { Mailbox } from "./mailbox.ts";
import type { BackupDrill, DrillResult } from "./backup-drill.ts";
import { type DayOptions, planDay } from "./plan.ts";
import { bookingBody, nthOpenDay, type StaffMember, type World } from "./world.ts";

const STAFF_PASSWORD = "a long enough staff passphrase";
const INVITE_LINK = /\/invite\/([A-Za-z0-9_-]{43})/;
const BUSINESS_TZ = "America/New_York";

export interface DayResult {
  verdict: Verdict;
  line: string;
  faults: string[];
  wallSeconds: number;
  retries: number;
}

export interface RunOptions {
  /** How long an instance drains on SIGTERM (deploy/compose.yaml's 5 s unless told). */
  drainMs?: number;
  log?: (...parts: unknown[]) => void;
  /** The restore drill: its backup at a simulated minute while the day goes on, its check once the day is over. */
  drill?: { minute: number; drill: BackupDrill; checked?: (result: DrillResult) => void };
  /** Given each instance's /metrics once the day is over (before the drill and the shutdown). */
  metrics?: (scrapes: { instance: string; text: string }[]) => Promise<void>;
}

export async function simulateDay(options: DayOptions, run: RunOptions = {}): Promise<DayResult> {
  const log = run.log ?? (() => {});
  const started = Date.now();
  const plan = planDay(options);
  const mailbox = await Mailbox.start();
  const push = startPushReceiver();
  const dashboards: Dashboard[] = [];
  let cluster: Cluster | null = null;
  let passed = false;
  try {
    cluster = await Cluster.create({
      smtpUrl: mailbox.url,
      log,
      extraEnv: {
        // The day is about delivery: every customer comes from one loopback address, far past the abuse limits.
        MANAGE_LIMIT_PER_HOUR: "100000",
        LOGIN_LIMIT_PER_IP: "10000",
        MAIL_POLL_MS: "250",
        // The claim of a SIGKILLed worker lapses within the compressed day (10 real minutes would be 1,000 of its
        // minutes at 100×): its messages then go out late, as they would on a real day, and are counted.
        MAIL_LEASE_SECONDS: "30",
        // "How did we do?" goes two hours after a visit; compressed, that would fall after the day ends and be
        // counted as never sent: asked at once, it is delivered within the day and counted like every other e-mail.
        RATING_DELAY_MINUTES: "0",
        PUSH_ENDPOINT_ORIGINS: push.origin,
        ...(run.drainMs !== undefined ? { SHUTDOWN_DRAIN_MS: String(run.drainMs) } : {}),
      },
    });
    await cluster.startInstances();
    const latencies = new Latencies();
    const setupHttp = new Http(cluster.lb, new Latencies());
    const owner = await cluster.login();
    const today = todayIn(BUSINESS_TZ);

    // The staff, each invited by e-mail and signed in with the password they chose.
    const join = async (name: string, role: "admin" | "technician"): Promise<StaffMember> => {
      const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@staff.example`;
      const created = await setupHttp.read<{ data: Member }>({
        method: "POST",
        path: "/api/staff",
        token: owner,
        json: { name, email, role },
      });
      if (created.status !== 201) throw new Error(`inviting ${email}: ${created.status}`);
      const invitation = await mailbox.find(email, INVITE_LINK, `the invitation to ${email}`, 30_000);
      const accepted = await setupHttp.read<LoginResponse>({
        method: "POST",
        path: `/api/invitations/${invitation}`,
        json: { password: STAFF_PASSWORD },
      });
      if (accepted.status !== 200) throw new Error(`accepting the invitation of ${email}: ${accepted.status}`);
      return { id: created.body.data._id, name, email, token: accepted.body.token };
    };
    const admins = await Promise.all(
      Array.from({ length: options.admins }, (_, i) => join(`Office ${i + 1}`, "admin")),
    );
    const technicians = await Promise.all(plan.technicians.map((t) => join(`Technician ${t.index + 1}`, "technician")));

    // The day's jobs were booked on earlier days, each technician's in slots of their own.
    const ledger = new Ledger();
    const jobsOf = new Map<number, string[]>();
    for (const technician of plan.technicians) {
      const ids = await Promise.all(
        technician.jobs.map(async (_, k) => {
          const label = `t${technician.index}j${k}`;
          const body = bookingBody(label, nthOpenDay(today, 3, k, technician.index), 1 + (k % 3));
          const booked = await setupHttp.read<{ data: Booking }>({ method: "POST", path: "/api/bookings", json: body });
          if (booked.status !== 201) throw new Error(`booking job ${label}: ${booked.status}`);
          ledger.bookings.set(body.email, booked.body.data._id);
          return booked.body.data._id;
        }),
      );
      jobsOf.set(technician.index, ids);
    }

    // Each admin's dashboard open, and their tablet subscribed to pushes.
    for (const [i, member] of admins.entries()) {
      const dashboard = new Dashboard(`dashboard of ${member.name}`, cluster.lb, member.token);
      dashboards.push(dashboard);
      await dashboard.open();
      const device = testDevice(`${push.origin}/push/admin-${i}`);
      const subscribed = await setupHttp.read({
        method: "POST",
        path: "/api/push/subscriptions",
        token: member.token,
        json: device.json,
      });
      if (subscribed.status >= 300) throw new Error(`push subscription of ${member.name}: ${subscribed.status}`);
    }
    log(
      `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${admins.length} admins, ${technicians.length} technicians ` +
        `with ${[...jobsOf.values()].flat().length} jobs, ${plan.customers.length} customers to come; the day begins`,
    );

    const clock = new DayClock(options.speed);
    const world: World = {
      plan,
      clock,
      http: new Http(cluster.lb, latencies),
      ledger,
      mailbox,
      today,
      admins,
      technicians,
      jobsOf,
      dashboards,
      devices: [],
      log,
    };
    const actors = ACTOR_KINDS.flatMap((kind) => kind(world));
    const [faults] = await Promise.all([
      runFaults(cluster, plan.faults, clock, options.seed, log),
      run.drill ? clock.until(run.drill.minute).then(() => run.drill!.drill.takeBackup(cluster!, ledger)) : null,
      ...actors.map((actor) =>
        actor.run().catch((error) => {
          ledger.refuse(`${actor.name} stopped`, 0, String(error));
        }),
      ),
    ]);
    log(`the day is over (minute ${Math.round(clock.now())}); waiting for the outbox and the dashboards`);

    // What was sent during the day reaches its peer: no e-mail of the day still due.
    await waitFor(
      async () => {
        const [{ n }] = await cluster!.sql<{ n: number }[]>`
          select count(*)::int as n from outbox where status = 'pending'
            and kind not in ('visit-reminder', 'rebook-reminder') and next_attempt_at < now() + interval '2 minutes'`;
        return n === 0 ? true : undefined;
      },
      "the outbox to send the day's messages",
      180_000,
    ).catch((error) => log(String(error)));
    await waitFor(
      () =>
        dashboards.every((d) => [...ledger.bookings.values()].every((id) => d.bookings.has(id))) ? true : undefined,
      "every dashboard to show every booking",
      30_000,
    ).catch((error) => log(String(error)));

    const verdict = await checkDay(
      cluster.sql,
      ledger,
      await mailbox.all(),
      dashboards,
      world.devices,
      push.received.length,
    );
    const line = resultLine(verdict, latencies.percentile(50), latencies.percentile(99));
    if (run.metrics) {
      const running = cluster.instances.filter((i) => i.proc.running);
      await run.metrics(await Promise.all(running.map(async (i) => ({ instance: i.name, text: await i.scrape() }))));
    }
    if (run.drill) {
      const drilled = await run.drill.drill.restoreAndCheck(cluster);
      log(`restore drill: ${JSON.stringify(drilled)}`);
      run.drill.checked?.(drilled);
    }
    passed = verdict.lost.length + verdict.duplicated.length + verdict.outOfOrder.length === 0;
    return {
      verdict,
      line,
      faults,
      wallSeconds: Math.round((Date.now() - started) / 1000),
      retries: world.devices.reduce((sum, d) => sum + d.retries, 0),
    };
  } finally {
    for (const d of dashboards) d.close();
    await cluster?.stop(passed, log);
    await mailbox.close();
    await push.close();
  }
}
