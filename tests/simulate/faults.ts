// The day's faults, each at its simulated minute: a rolling restart of every instance, a SIGKILL of one, Redis
// stopped for twenty minutes, Postgres restarted. A fault that runs long makes the next one start late, never overlap.
import type { Cluster } from "../cluster/cluster.ts";
import type { DayClock } from "./clock.ts";
import type { FaultPlan } from "./plan.ts";

export async function runFaults(
  cluster: Cluster,
  faults: FaultPlan,
  clock: DayClock,
  seed: number,
  log: (...parts: unknown[]) => void,
): Promise<string[]> {
  const done: string[] = [];
  const timed = async (what: string, fault: () => Promise<void>) => {
    const minute = clock.now();
    const started = Date.now();
    await fault();
    const line = `${what} at minute ${Math.round(minute)}, ${((Date.now() - started) / 1000).toFixed(1)} s`;
    log(line);
    done.push(line);
  };

  await clock.until(faults.rollingRestart);
  await timed("rolling restart of every instance", async () => {
    for (const instance of cluster.instances) {
      const status = await instance.proc.stop("SIGTERM", 15_000);
      if (status.code !== 0) throw new Error(`${instance.name} did not exit cleanly on SIGTERM: ${status.code}`);
      await cluster.restart(instance);
    }
  });

  await clock.until(faults.kill);
  const victim = cluster.instances[seed % cluster.instances.length]!;
  await timed(`SIGKILL of ${victim.name}`, async () => {
    victim.proc.killGroup();
    await victim.proc.exited;
    await cluster.restart(victim);
  });

  await clock.until(faults.redis.from);
  await timed("Redis stopped for 20 simulated minutes", async () => {
    await cluster.redis.stop("SIGTERM", 5000);
    // Its twenty minutes even when it began late.
    await clock.until(Math.max(faults.redis.to, clock.now() + (faults.redis.to - faults.redis.from)));
    await cluster.startRedis();
  });

  await clock.until(faults.postgresRestart);
  await timed("Postgres restarted", async () => {
    await cluster.pg.stop("fast");
    await cluster.pg.start();
  });
  return done;
}
