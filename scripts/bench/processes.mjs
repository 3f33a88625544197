// The processes a bench run needs, started by it and stopped by it: a throwaway redis-server, a database of its
// own on the running Postgres, API instances on Deno, and any helper process. Nothing outlives the run.
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import { clearTimeout } from "node:timers";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const bin = (name) => join(ROOT, "node_modules", ".bin", name);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const started = new Set();

/** A child whose exit we can await; `quiet` drops its stdout (the API logs one JSON line per request). */
export function startProcess(command, args, { env = process.env, quiet = true } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", quiet ? "ignore" : "inherit", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const proc = {
    child,
    exited,
    stderr: () => stderr,
    async stop() {
      started.delete(proc);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8000);
      await exited;
      clearTimeout(timer);
    },
  };
  started.add(proc);
  return proc;
}

export async function stopAll() {
  await Promise.all([...started].map((proc) => proc.stop()));
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx, or throws with what the process printed. */
export async function waitHttp(url, proc, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${url}: process exited\n${proc.stderr()}`);
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up within ${ms} ms\n${proc?.stderr() ?? ""}`);
}

/** A redis-server of the run's own: no persistence, gone with the run. */
export async function startRedis() {
  const port = await freePort();
  const proc = startProcess("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
  ]);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = new Socket();
      socket.once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`redis-server did not start\n${proc.stderr()}`);
    await sleep(100);
  }
  return { url: `redis://127.0.0.1:${port}`, proc };
}

/** A database `bench_<random>` on the server at `adminUrl`, migrated by the first API instance; dropped by drop(). */
export async function createDatabase(adminUrl) {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    /** Lets the process end with the database kept. */
    release: () => admin.end(),
  };
}

export const ADMIN = { email: "bench@clearflow.example", password: "bench-password-123" };

/** The bench admin's token on `api`. */
export async function adminToken(api) {
  return (await adminSession(api)).token;
}

/** The bench admin's sign-in: `{ token, user }`, as the PWA keeps it. */
export async function adminSession(api) {
  const login = await fetch(`${api.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return await login.json();
}

/** One API instance as production runs it (api/main.ts on Deno), with the abuse limits out of the way. */
export async function startApi({ databaseUrl, redisUrl, pwaDist, dataDir, extraArgs = [] }) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SLOT_CAPACITY: "100",
    BOOKING_LIMIT_PER_HOUR: "100000",
    CONTACT_LIMIT_PER_HOUR: "100000",
    MANAGE_LIMIT_PER_HOUR: "100000",
    LOGIN_LIMIT_PER_IP: "10000",
    PWA_DIST: pwaDist,
    DATA_DIR: dataDir,
    SHUTDOWN_DRAIN_MS: "0",
    // No outbox worker in the measured instances: delivery is a process of its own (decision 0038), and
    // a worker draining the bookings' e-mails on the same 2 cores moved the figures by ~30 %.
    RUN: "api",
  };
  const proc = startProcess(bin("deno"), ["run", "-A", ...extraArgs, "api/main.ts"], { env });
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/api/readyz`, proc);
  return { url, port, proc };
}
