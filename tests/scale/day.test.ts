// A short working day of `npm run simulate` (tests/simulate/), so the program cannot rot: three instances behind
// nginx, the faults of a bad day, and nothing lost, duplicated or out of order at the end. Needs what the scale-out
// test needs; skipped without it locally, failing in CI (CI=true).
import assert from "node:assert/strict";
import { missingBinaries } from "../cluster/cluster.ts";
import { simulateDay } from "../simulate/day.ts";
import { planDay } from "../simulate/plan.ts";

const IN_CI = Deno.env.get("CI") === "true";
const missing = missingBinaries();
const SHORT_DAY = { seed: 7, speed: 300, hours: 3, technicians: 3, customers: 20, admins: 2 };

Deno.test("the same seed plans the same day, another seed another day", () => {
  assert.deepEqual(planDay(SHORT_DAY), planDay(SHORT_DAY));
  assert.notDeepEqual(planDay(SHORT_DAY), planDay({ ...SHORT_DAY, seed: 8 }));
  const plan = planDay(SHORT_DAY);
  for (const technician of plan.technicians) {
    assert.equal(technician.offline.length, 2, "twice out of signal");
    for (const span of technician.offline) assert.ok(span.to - span.from >= 10 && span.to <= plan.minutes);
  }
  assert.equal(plan.faults.redis.to - plan.faults.redis.from, 20, "Redis away for 20 simulated minutes");
});

Deno.test({
  name: "a short day across 3 instances through a rolling restart, a SIGKILL, Redis and Postgres outages: nothing lost, duplicated or out of order",
  ignore: missing.length > 0 && !IN_CI,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    if (missing.length > 0) throw new Error(`CI=true and missing binaries: ${missing.join(", ")}`);
    const log = (...parts: unknown[]) => console.log("[day]", ...parts);
    // A 1 s drain instead of compose's 5 s: the rolling restart is three of them.
    const result = await simulateDay(SHORT_DAY, { drainMs: 1000, log });
    log(result.line);
    const { verdict } = result;
    assert.deepEqual(verdict.lost, [], "nothing lost");
    assert.deepEqual(verdict.duplicated, [], "nothing twice");
    assert.deepEqual(verdict.outOfOrder, [], "every visit's history in stage order");
    const plan = planDay(SHORT_DAY);
    const jobs = plan.technicians.reduce((n, t) => n + t.jobs.length, 0);
    assert.equal(verdict.bookings, jobs + plan.customers.length, "every booking of the day acknowledged");
    assert.equal(verdict.visits, jobs, "every job completed");
    const paidOnSite = plan.technicians.flatMap((t) => t.jobs).filter((job) => job.payment).length;
    assert.ok(paidOnSite > 0, "the short day has payments on site");
    assert.equal(verdict.payments, paidOnSite, "every payment taken on site stored once");
    assert.equal(
      verdict.pushes - verdict.pushesResent,
      plan.customers.length * SHORT_DAY.admins,
      "each admin's tablet told of each booking made during the day",
    );
    assert.equal(result.faults.length, 4, "all four faults happened");
  },
});
