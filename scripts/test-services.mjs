// Throwaway Postgres and Redis servers for `npm test`, started from the installed programs when no TEST_DATABASE_URL
// or TEST_REDIS_URL is given: in a temp folder, on free loopback ports, removed at the end. So every test runs on
// every machine that has the programs, whether or not a server is running; only where a program is missing does a
// test skip, and it says why.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const HOST = "127.0.0.1";
const isRoot = process.getuid?.() === 0;

/** A program on the PATH (or in the usual system folders), or null. */
function findProgram(name) {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/usr/bin", "/sbin"])) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The newest installed Postgres's bin folder (Debian keeps each major version apart), or null. */
function postgresBin() {
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const version of versions)
      if (existsSync(join(base, version, "bin", "initdb"))) return join(base, version, "bin");
  }
  return findProgram("initdb")?.replace(/\/initdb$/, "") ?? null;
}

/**
 * A loopback port nobody listens on now, below Linux's ephemeral range: a port the kernel hands out (port 0) may be
 * handed again to an outgoing connection of the tests before the server binds it.
 */
async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, HOST, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port between 20000 and 32000");
}

/** The uid and gid of a system user (Postgres refuses to run as root). */
function userIds(name) {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name} to run Postgres as`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command, args) {
  const full =
    isRoot && command.endsWith("pg_ctl") ? ["runuser", "-u", "postgres", "--", command, ...args] : [command, ...args];
  const result = spawnSync(full[0], full.slice(1), { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${full.join(" ")} failed: ${result.stderr}${result.stdout}`);
}

/** initdb and start a cluster in `dir`, trust auth, no fsync: a database for tests, gone with the folder. */
async function startPostgres(bin, dir) {
  const home = join(dir, "postgres");
  mkdirSync(home);
  if (isRoot) {
    const { uid, gid } = userIds("postgres");
    chownSync(home, uid, gid);
  }
  const data = join(home, "data");
  const port = await freePort();
  const pgCtl = join(bin, "pg_ctl");
  run(pgCtl, ["-D", data, "initdb", "-o", "-A trust -U postgres --no-sync -E UTF8 --no-instructions"]);
  const options = `-p ${port} -k ${home} -c listen_addresses=${HOST} -c fsync=off -c max_connections=200`;
  run(pgCtl, ["-D", data, "start", "-w", "-t", "60", "-l", join(home, "postgres.log"), "-o", options]);
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    stop: () => {
      try {
        run(pgCtl, ["-D", data, "stop", "-w", "-t", "30", "-m", "fast"]);
      } catch (error) {
        console.error(`[test services] Postgres did not stop cleanly: ${error.message}`);
      }
    },
  };
}

/** A redis-server that keeps nothing on disk; answered once it accepts connections. */
async function startRedis(program, dir) {
  const port = await freePort();
  const child = spawn(
    program,
    ["--port", String(port), "--bind", HOST, "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  await new Promise((resolve, reject) => {
    const check = () => (/Ready to accept connections/.test(output) ? resolve() : undefined);
    child.stdout.on("data", check);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    url: `redis://${HOST}:${port}`,
    stop: () =>
      new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill("SIGTERM")),
      ),
  };
}

/**
 * Starts what is missing. Answers the environment the suites get (the URLs), a line for each service saying where it
 * runs or why it does not, and `stop()`.
 */
export async function startTestServices(env = process.env) {
  const dir = mkdtempSync(join(tmpdir(), "clearflow-test-services-"));
  // The postgres user must reach its folder inside.
  chmodSync(dir, 0o755);
  const started = [];
  const lines = [];
  const vars = {};
  try {
    if (env.TEST_DATABASE_URL) lines.push(`Postgres: TEST_DATABASE_URL as given`);
    else {
      const bin = postgresBin();
      if (!bin) lines.push("Postgres: not installed (no initdb): the tests that need it are skipped");
      else {
        const postgres = await startPostgres(bin, dir);
        started.push(postgres);
        vars.TEST_DATABASE_URL = postgres.url;
        lines.push(`Postgres: a throwaway server from ${bin} at ${postgres.url}`);
      }
    }
    if (env.TEST_REDIS_URL) lines.push(`Redis: TEST_REDIS_URL as given`);
    else {
      const program = findProgram("redis-server");
      if (!program) lines.push("Redis: not installed (no redis-server): the tests that need it are skipped");
      else {
        const redis = await startRedis(program, dir);
        started.push(redis);
        vars.TEST_REDIS_URL = redis.url;
        lines.push(`Redis: a throwaway server from ${program} at ${redis.url}`);
      }
    }
  } catch (error) {
    for (const service of started.reverse()) await service.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    vars,
    lines,
    async stop() {
      for (const service of started.reverse()) await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
