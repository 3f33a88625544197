// The embedded default is what a new user runs (`npm ci && npm start`): no DATABASE_URL, no JWT_SECRET, no SMTP.
// Whatever servers the rest of the suite runs on, this test runs that, as a process, on PGlite in a folder of its own.
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { waitUntil } from "./outbox/testing.ts";
import { bookingBody } from "./testing/fixtures.ts";

/** `deno run api/main.ts` with nothing configured but a data folder and a port: the environment is cleared. */
function start(dataDir: string, port: number) {
  const passThrough = ["PATH", "HOME", "DENO_DIR", "TMPDIR"].flatMap((name) => {
    const value = Deno.env.get(name);
    return value === undefined ? [] : [[name, value] as const];
  });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "api/main.ts"],
    clearEnv: true,
    env: { ...Object.fromEntries(passThrough), DATA_DIR: dataDir, PORT: String(port), PWA_DIST: "/nonexistent" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let seen = "";
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  /** Resolves with the log once it holds `text` (reading on, so the pipe never fills). */
  const logged = async (text: string) => {
    await waitUntil(`"${text}" in the log`, async () => {
      while (!seen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) return false;
        seen += value;
      }
      return true;
    });
    return seen;
  };
  const stop = async () => {
    child.kill("SIGTERM");
    const status = await child.status;
    await reader.cancel().catch(() => {});
    return status;
  };
  return { logged, stop };
}

const freePort = () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
};

const emlFiles = async (dir: string) =>
  (await readdir(join(dir, "mail")).catch(() => [])).filter((f) => f.endsWith(".eml"));

/** A weekday at least two days ahead in New York (open, past the lead time), as YYYY-MM-DD. */
function weekdayAhead(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

Deno.test({
  name: "the embedded default: the first start migrates, makes an admin and takes a booking it e-mails; a restart keeps it",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "clearflow-embedded-" });
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    let site = start(dataDir, port);
    try {
      // Log lines are written in batches: the storage line may come after the console's "listening".
      await site.logged("is listening on");
      const log = await site.logged('"storage ready"');
      const storage = JSON.parse(log.split("\n").find((line) => line.includes('"storage ready"'))!);
      assert.equal(storage.embedded, true);
      assert.ok(storage.migrationsApplied.length > 0, "a fresh folder gets every migration");
      const password = /password: (\S+)/.exec(log)?.[1];
      assert.ok(password, "the first start prints the admin it made");

      const booked = await fetch(`${base}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(bookingBody({ cleaningDate: weekdayAhead(), email: "first.start@example.com" })),
      });
      assert.equal(booked.status, 201, await booked.clone().text());
      const { data } = await booked.json();
      // The worker runs in the same process: the customer's confirmation and the office's copy become files.
      await waitUntil("both e-mails written", async () => (await emlFiles(dataDir)).length === 2, 30_000);

      assert.equal((await site.stop()).code, 0, "SIGTERM ends it cleanly");
      site = start(dataDir, port);
      await site.logged("is listening on");
      const again = await site.logged('"storage ready"');
      const restarted = JSON.parse(again.split("\n").find((line) => line.includes('"storage ready"'))!);
      assert.deepEqual(restarted.migrationsApplied, [], "a second start has nothing to migrate");
      assert.ok(!/password: /.test(again), "and makes no second admin");

      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "admin@clearflow.local", password }),
      });
      assert.equal(login.status, 200, "the admin made at the first start signs in after the restart");
      const { token } = await login.json();
      const list = await fetch(`${base}/api/bookings`, { headers: { Authorization: `Bearer ${token}` } });
      const bookings: { data: { _id: string }[] } = await list.json();
      assert.deepEqual(
        bookings.data.map((b) => b._id),
        [data._id],
        "the booking is still there",
      );
    } finally {
      await site.stop();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
