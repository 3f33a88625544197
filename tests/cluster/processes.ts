// Real processes for the scale-out test and the simulated day: Postgres in a throwaway cluster, Redis, nginx from
// deploy/nginx.conf and API instances, each in its own process group so that nothing outlives the run.
import { mkdir, mkdtemp, readFile, rm, writeFile, chmod, chown } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HOST = "127.0.0.1";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined), or fails after `ms`. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(100);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
}

/**
 * A loopback port nobody listens on right now, below Linux's ephemeral range (32768-60999). A server started on it a
 * few seconds later must still find it free: a port the kernel handed out (port 0) is one it may give again to any
 * outgoing connection of the browsers and servers running beside this test, and did once (EADDRINUSE).
 */
export function freePort(): number {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      Deno.listen({ hostname: HOST, port }).close();
      return port;
    } catch (error) {
      if (!(error instanceof Deno.errors.AddrInUse)) throw error;
    }
  }
  throw new Error("no free port between 20000 and 32000");
}

export function findBinary(candidates: string[]): string | null {
  for (const candidate of candidates) {
    if (candidate.includes("/")) {
      if (existsSync(candidate)) return candidate;
      continue;
    }
    for (const dir of (Deno.env.get("PATH") ?? "").split(":").concat(["/usr/sbin", "/usr/bin", "/sbin"])) {
      if (dir && existsSync(join(dir, candidate))) return join(dir, candidate);
    }
  }
  return null;
}

export function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return findBinary(["initdb"])?.replace(/\/initdb$/, "") ?? null;
  const versions = [...Deno.readDirSync(base)].map((e) => e.name).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(base, v, "bin", "initdb"))) return join(base, v, "bin");
  return null;
}

const IS_ROOT = Deno.uid() === 0;

/** A child in its own process group (setsid), its output kept in memory and in a log file. */
export class Proc {
  readonly lines: string[] = [];
  readonly exited: Promise<Deno.CommandStatus>;
  private child: Deno.ChildProcess;
  private log: Deno.FsFile;
  exitStatus: Deno.CommandStatus | null = null;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: { env?: Record<string, string>; cwd?: string; logFile: string },
  ) {
    this.log = Deno.openSync(options.logFile, { create: true, append: true });
    this.child = new Deno.Command("setsid", {
      args: [command, ...args],
      env: options.env,
      cwd: options.cwd ?? ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const pump = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      let rest = "";
      for await (const chunk of stream) {
        this.log.writeSync(chunk);
        rest += decoder.decode(chunk, { stream: true });
        const parts = rest.split("\n");
        rest = parts.pop()!;
        this.lines.push(...parts);
      }
      if (rest) this.lines.push(rest);
    };
    const pumps = Promise.all([pump(this.child.stdout), pump(this.child.stderr)]);
    this.exited = this.child.status.then(async (status) => {
      this.exitStatus = status;
      await pumps.catch(() => {});
      return status;
    });
  }

  get pid() {
    return this.child.pid;
  }

  get running() {
    return this.exitStatus === null;
  }

  signal(signal: Deno.Signal) {
    if (this.running) Deno.kill(this.child.pid, signal);
  }

  /** SIGKILL to the whole process group. */
  killGroup() {
    if (!this.running) return;
    try {
      Deno.kill(-this.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }

  /** Signal, wait at most `ms`, then kill the group. */
  async stop(signal: Deno.Signal = "SIGTERM", ms = 10_000): Promise<Deno.CommandStatus> {
    this.signal(signal);
    const timer = setTimeout(() => this.killGroup(), ms);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
      try {
        this.log.close();
      } catch {
        // closed
      }
    }
  }
}

export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "clearflow-cluster-"));
  // nginx workers (nobody) and the postgres user must be able to reach their folders inside.
  await chmod(dir, 0o755);
  return dir;
}

export async function removeDir(dir: string) {
  await rm(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- Postgres: a cluster of the test's own

export class PostgresCluster {
  readonly url: string;
  private constructor(
    private readonly bin: string,
    private readonly dataDir: string,
    private readonly socketDir: string,
    private readonly logFile: string,
    readonly port: number,
  ) {
    this.url = `postgres://postgres@${HOST}:${port}/postgres`;
  }

  /** initdb into `dir` (as the postgres user when we are root, which Postgres refuses to run as) and start. */
  static async create(bin: string, dir: string): Promise<PostgresCluster> {
    // Everything Postgres writes (data, socket, log) in one folder it owns.
    const home = join(dir, "postgres");
    await mkdir(home);
    if (IS_ROOT) {
      const { uid, gid } = await userIds("postgres");
      await chown(home, uid, gid);
    }
    const cluster = new PostgresCluster(bin, join(home, "data"), home, join(home, "postgres.log"), freePort());
    await cluster.pgctl(["initdb", "-o", "-A trust -U postgres --no-sync -E UTF8 --no-instructions"]);
    await cluster.start();
    return cluster;
  }

  private async pgctl(args: string[]) {
    const cmd = [join(this.bin, "pg_ctl"), "-D", this.dataDir, ...args];
    const full = IS_ROOT ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;
    // The server inherits no pipe of ours (-l), so output() does not wait for it to exit.
    const out = await new Deno.Command(full[0]!, { args: full.slice(1), stdin: "null" }).output();
    if (!out.success) {
      const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
      throw new Error(`pg_ctl ${args[0]} failed: ${text}`);
    }
  }

  start() {
    const opts = `-p ${this.port} -k ${this.socketDir} -c listen_addresses=${HOST} -c fsync=off -c max_connections=100`;
    return this.pgctl(["start", "-w", "-t", "30", "-l", this.logFile, "-o", opts]);
  }

  stop(mode: "fast" | "immediate" = "fast") {
    return this.pgctl(["stop", "-w", "-t", "30", "-m", mode]);
  }

  /** Last resort on cleanup: the postmaster's pid from its pid file. */
  async destroy() {
    try {
      await this.stop("immediate");
    } catch {
      try {
        const pid = Number((await readFile(join(this.dataDir, "postmaster.pid"), "utf8")).split("\n")[0]);
        if (pid > 0) Deno.kill(pid, "SIGKILL");
      } catch {
        // not running
      }
    }
  }
}

async function userIds(name: string): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile("/etc/passwd", "utf8");
  const line = passwd.split("\n").find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name}`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

// ---------------------------------------------------------------- Redis: a server of the test's own

export function startRedis(bin: string, dir: string, port: number): Proc {
  return new Proc(
    "redis",
    bin,
    ["--port", String(port), "--bind", HOST, "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no"],
    { logFile: join(dir, "redis.log") },
  );
}

// ---------------------------------------------------------------- nginx from deploy/nginx.conf

/**
 * deploy/nginx.conf with only its "scale-test:" lines rewritten: the instances' loopback addresses instead of
 * the compose service, a loopback port, and paths inside the test's folder. Anything else is used as written.
 */
export async function nginxConfig(dir: string, listenPort: number, instancePorts: number[]): Promise<string> {
  const source = await readFile(join(ROOT, "deploy", "nginx.conf"), "utf8");
  const replaced = new Set<string>();
  const out = source.split("\n").flatMap((line) => {
    const marker = /#\s*scale-test:\s*([a-z_ ]+)\s*$/.exec(line);
    if (!marker) return [line];
    const what = marker[1]!.trim();
    replaced.add(what);
    const indent = /^\s*/.exec(line)![0];
    switch (what) {
      case "pid":
        return [`${indent}pid ${join(dir, "nginx.pid")};`];
      case "error_log":
        return [`${indent}error_log ${join(dir, "nginx-error.log")} warn;`];
      case "access_log":
        return [`${indent}access_log ${join(dir, "nginx-access.log")} upstream;`];
      case "listen":
        return [`${indent}listen ${HOST}:${listenPort};`];
      case "paths":
        return ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `${indent}${kind}_temp_path ${join(dir, `nginx-${kind}`)};`,
        );
      case "servers": {
        // Keep the server line's own parameters (max_fails, fail_timeout); "resolve" needs a DNS name.
        const m = /^\s*server\s+(\S+)\s+(.*?);/.exec(line);
        if (!m) throw new Error(`unexpected upstream line in deploy/nginx.conf: ${line}`);
        const params = m[2]!.replace(/\bresolve\b\s*/, "").trim();
        return instancePorts.map((port) => `${indent}server ${HOST}:${port} ${params};`);
      }
      default:
        throw new Error(`unknown scale-test marker in deploy/nginx.conf: ${what}`);
    }
  });
  for (const required of ["pid", "error_log", "access_log", "listen", "paths", "servers"]) {
    if (!replaced.has(required)) throw new Error(`deploy/nginx.conf lost its "scale-test: ${required}" marker`);
  }
  const file = join(dir, "nginx.conf");
  await writeFile(file, out.join("\n"));
  return file;
}

export async function startNginx(bin: string, dir: string, config: string): Promise<Proc> {
  const test = await new Deno.Command(bin, { args: ["-t", "-q", "-p", dir, "-c", config], stdin: "null" }).output();
  if (!test.success) throw new Error(`nginx -t refused the generated config: ${new TextDecoder().decode(test.stderr)}`);
  return new Proc("nginx", bin, ["-p", dir, "-c", config, "-g", "daemon off;"], { logFile: join(dir, "nginx.out") });
}

// ---------------------------------------------------------------- API instances

export interface InstanceEnv {
  databaseUrl: string;
  redisUrl: string;
  /** The balancer's address, for the manage links in e-mails. */
  publicUrl: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
  /** An SMTP server to send through; without one each instance writes its messages as .eml files. */
  smtpUrl?: string;
  /** More variables for every start (the simulated day's push keys, a shorter drain). */
  extra?: Record<string, string>;
}

/** The variables deploy/compose.yaml gives every api replica (its x-api-environment block). */
export async function composeApiEnvNames(): Promise<string[]> {
  const compose = await readFile(join(ROOT, "deploy", "compose.yaml"), "utf8");
  const block = /^x-api-environment: &api-environment\n((?:[ \t]+.*\n|[ \t]*#.*\n)+)/m.exec(compose)?.[1];
  if (!block) throw new Error("deploy/compose.yaml lost its x-api-environment block");
  return [...block.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]!).sort();
}

export class Instance {
  proc!: Proc;
  starts = 0;
  /** Its Prometheus port (METRICS_PORT), one per instance as each pod has its own. */
  readonly metricsPort = freePort();
  constructor(
    readonly index: number,
    readonly port: number,
    private readonly dir: string,
    private readonly env: InstanceEnv,
  ) {}

  get url() {
    return `http://${HOST}:${this.port}`;
  }

  get name() {
    return `api-${this.index + 1}`;
  }

  /** Its series in the Prometheus text format, as a scraper reads them. */
  async scrape(): Promise<string> {
    const res = await fetch(`http://${HOST}:${this.metricsPort}/metrics`);
    if (res.status !== 200) throw new Error(`${this.name} /metrics: ${res.status}`);
    return await res.text();
  }

  start() {
    this.starts += 1;
    this.proc = new Proc(this.name, Deno.execPath(), ["run", "-A", "api/main.ts"], {
      logFile: join(this.dir, `${this.name}.log`),
      env: {
        ...Deno.env.toObject(),
        ...this.composeEnv(),
        // The replica's own disk (a container's /app/data): its .eml files stay in the test's folder.
        DATA_DIR: join(this.dir, this.name),
        // Hundreds of bookings from one address into a few slots: the test is about delivery, not abuse limits.
        SLOT_CAPACITY: "100",
        BOOKING_LIMIT_PER_HOUR: "100000",
        NO_COLOR: "1",
        METRICS_PORT: String(this.metricsPort),
        ...this.env.extra,
      },
    });
    return this.proc;
  }

  /** What deploy/compose.yaml gives each replica, with the test's addresses. */
  composeEnv(): Record<string, string> {
    return {
      PORT: String(this.port),
      HOST,
      DATABASE_URL: this.env.databaseUrl,
      REDIS_URL: this.env.redisUrl,
      JWT_SECRET: this.env.jwtSecret,
      ADMIN_EMAIL: this.env.adminEmail,
      ADMIN_PASSWORD: this.env.adminPassword,
      TRUST_PROXY: "true",
      // deploy/compose.yaml's own drain. The rolling restart polls readyz for the 503 that only a draining instance
      // answers: on a loaded 2-core machine a process can stall for a second or more, which a 1 s drain could miss
      // whole. Each of the 3 restarts waits it out once.
      SHUTDOWN_DRAIN_MS: "5000",
      // Empty is unset: without a peer each instance writes its messages as .eml files.
      SMTP_URL: this.env.smtpUrl ?? "",
      PUBLIC_URL: this.env.publicUrl,
    };
  }

  async ready(ms = 30_000) {
    await waitFor(
      async () => {
        if (!this.proc.running) throw new Error(`${this.name} exited: ${this.proc.lines.slice(-5).join("\n")}`);
        const res = await fetch(`${this.url}/api/readyz`).catch(() => null);
        await res?.body?.cancel();
        return res?.status === 200 ? true : undefined;
      },
      `${this.name} to answer readyz 200`,
      ms,
    );
  }

  /** JSON log lines of the current process. */
  logs(): Record<string, unknown>[] {
    return this.proc.lines.flatMap((line) => {
      if (!line.startsWith("{")) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }
}
