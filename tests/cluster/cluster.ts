// The whole of deploy/compose.yaml on one machine, for the scale-out test and the simulated day: a throwaway
// Postgres cluster, a Redis server and nginx of the run's own, and API instances behind it. Shared servers are never
// used: both restart Postgres and stop Redis on purpose.
import { join } from "node:path";
import { connect } from "../../api/db/client.ts";
import {
  findBinary,
  freePort,
  Instance,
  type InstanceEnv,
  makeTempDir,
  nginxConfig,
  PostgresCluster,
  postgresBinDir,
  type Proc,
  removeDir,
  startNginx,
  startRedis,
  waitFor,
} from "./processes.ts";

export const CLUSTER_ADMIN = { email: "scale-admin@test.example", password: "scale-test-password-0123" };
const JWT_SECRET = "scale-test-secret-that-is-long-enough-0123456789abcdef";

export const binaries = {
  nginx: findBinary(["nginx", "/usr/sbin/nginx"]),
  redis: findBinary(["redis-server"]),
  postgres: postgresBinDir(),
};

/** The programs a cluster needs that this machine lacks. */
export const missingBinaries = () =>
  Object.entries(binaries)
    .filter(([, path]) => path === null)
    .map(([name]) => name);

export interface ClusterOptions {
  instances?: number;
  smtpUrl?: string;
  extraEnv?: Record<string, string>;
  log?: (...parts: unknown[]) => void;
}

type Sql = ReturnType<typeof connect>;

export class Cluster {
  readonly procs: Proc[] = [];
  readonly instances: Instance[] = [];
  redis!: Proc;
  nginx!: Proc;
  sql!: Sql;
  databaseUrl = "";
  readonly lb: string;

  private constructor(
    readonly dir: string,
    readonly pg: PostgresCluster,
    readonly redisPort: number,
    readonly lbPort: number,
  ) {
    this.lb = `http://127.0.0.1:${lbPort}`;
  }

  /** Postgres, Redis and nginx running, the instances created but not started (startInstances). */
  static async create(options: ClusterOptions = {}): Promise<Cluster> {
    const missing = missingBinaries();
    if (missing.length > 0) throw new Error(`missing programs: ${missing.join(", ")}`);
    const log = options.log ?? (() => {});
    const dir = await makeTempDir();
    const pg = await PostgresCluster.create(binaries.postgres!, dir);
    log(`postgres: throwaway cluster on port ${pg.port} (${binaries.postgres})`);
    const cluster = new Cluster(dir, pg, freePort(), freePort());
    try {
      await cluster.startRedis();
      log(`redis: own server on port ${cluster.redisPort}`);
      const admin = connect(pg.url, { max: 1 });
      await admin`create database clearflow_scale`;
      await admin.end();
      cluster.databaseUrl = pg.url.replace(/\/postgres$/, "/clearflow_scale");
      cluster.sql = connect(cluster.databaseUrl, { max: 2 });
      const env: InstanceEnv = {
        publicUrl: cluster.lb,
        databaseUrl: cluster.databaseUrl,
        redisUrl: `redis://127.0.0.1:${cluster.redisPort}`,
        jwtSecret: JWT_SECRET,
        adminEmail: CLUSTER_ADMIN.email,
        adminPassword: CLUSTER_ADMIN.password,
        smtpUrl: options.smtpUrl,
        extra: options.extraEnv,
      };
      for (let i = 0; i < (options.instances ?? 3); i++) cluster.instances.push(new Instance(i, freePort(), dir, env));
      const ports = cluster.instances.map((i) => i.port);
      const conf = await nginxConfig(dir, cluster.lbPort, ports);
      cluster.nginx = await startNginx(binaries.nginx!, dir, conf);
      cluster.procs.push(cluster.nginx);
      log(`nginx: ${cluster.lb} from deploy/nginx.conf -> ${ports.join(", ")}`);
      return cluster;
    } catch (error) {
      await cluster.stop(false);
      throw error;
    }
  }

  async startRedis() {
    this.redis = startRedis(binaries.redis!, this.dir, this.redisPort);
    this.procs.push(this.redis);
    await waitFor(() => pingRedis(this.redisPort), "redis to answer PING");
  }

  /** All instances at once, each ready. */
  async startInstances() {
    for (const instance of this.instances) this.procs.push(instance.start());
    await Promise.all(this.instances.map((i) => i.ready()));
  }

  /** Starts an instance again (after a stop or a kill) and waits until nginx sends it requests again. */
  async restart(instance: Instance) {
    this.procs.push(instance.start());
    await instance.ready();
    await this.routedAgain(instance);
  }

  async login(credentials = CLUSTER_ADMIN): Promise<string> {
    const res = await fetch(`${this.lb}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(credentials),
    });
    if (res.status !== 200) throw new Error(`login through nginx answered ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }

  readAccessLog(): Promise<string[]> {
    return readAccessLog(this.dir);
  }

  /** nginx skips an instance for fail_timeout after a refused connection: wait until it sends to it again. */
  routedAgain(instance: Instance) {
    return waitFor(async () => {
      await (await fetch(`${this.lb}/api/healthz`)).body?.cancel();
      const last = (await this.readAccessLog()).slice(-3).join("\n");
      return last.includes(`upstream=127.0.0.1:${instance.port} `) ? true : undefined;
    }, `nginx to send requests to ${instance.name} again`);
  }

  /** Instances first (they would log Redis going away), then nginx, Redis and Postgres; the folder unless kept. */
  async stop(passed: boolean, log: (...parts: unknown[]) => void = () => {}) {
    this.procs.sort((a, b) => Number(b.name.startsWith("api")) - Number(a.name.startsWith("api")));
    await Promise.all(this.procs.map((p) => p.stop("SIGTERM", 3000).catch(() => p.killGroup())));
    for (const p of this.procs) p.killGroup();
    await this.sql?.end({ timeout: 1 }).catch(() => {});
    await this.pg.destroy();
    if (!passed) {
      for (const instance of this.instances) {
        log(`--- last lines of ${instance.name}`);
        for (const line of instance.proc?.lines.slice(-15) ?? []) console.log(line);
      }
      const errors = await Deno.readTextFile(join(this.dir, "nginx-error.log")).catch(() => "");
      if (errors) console.log(errors.slice(-3000));
    }
    if (Deno.env.get("SCALE_KEEP_DIR")) log(`kept ${this.dir}`);
    else await removeDir(this.dir);
  }
}

export async function pingRedis(port: number): Promise<true | undefined> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port }).catch(() => null);
  if (!conn) return undefined;
  try {
    await conn.write(new TextEncoder().encode("PING\r\n"));
    const buf = new Uint8Array(16);
    const n = await conn.read(buf);
    return n && new TextDecoder().decode(buf.subarray(0, n)).startsWith("+PONG") ? true : undefined;
  } finally {
    conn.close();
  }
}

export async function readyz(instance: Instance): Promise<number> {
  const res = await fetch(`${instance.url}/api/readyz`).catch(() => null);
  await res?.body?.cancel();
  return res?.status ?? 0;
}

export async function readAccessLog(dir: string): Promise<string[]> {
  return (await Deno.readTextFile(join(dir, "nginx-access.log")).catch(() => "")).split("\n").filter(Boolean);
}
