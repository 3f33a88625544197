import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { waitUntil } from "./outbox/testing.ts";
import { createTestDatabase } from "./testing/database.ts";
import { TEST_JWT_SECRET } from "./testing/context.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { needsService } from "./testing/services.ts";

const postgres = needsService("TEST_DATABASE_URL");

/** `deno run api/main.ts` as a container would run it, with its own data folder and environment. */
function start(env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "api/main.ts"],
    env: { ...env, JWT_SECRET: TEST_JWT_SECRET, PWA_DIST: "/nonexistent-pwa-dist" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let seen = "";
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  /** Resolves once the process has written `text` to its log (it keeps reading, so the pipe never fills). */
  const logged = (text: string) =>
    waitUntil(`"${text}" in the log`, async () => {
      while (!seen.includes(text)) {
        const { value, done } = await lines.read();
        if (done) return false;
        seen += value;
      }
      return true;
    });
  return { child, logged };
}

const freePort = () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
};

const emlFiles = async (dir: string) =>
  (await readdir(join(dir, "mail")).catch(() => [])).filter((f) => f.endsWith(".eml"));

Deno.test({
  name: "RUN=api and RUN=worker apart: the API takes the booking, the worker sends its e-mails at once",
  ignore: postgres.ignore,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const db = await createTestDatabase({ migrated: false });
    const apiDir = await Deno.makeTempDir();
    const workerDir = await Deno.makeTempDir();
    const port = freePort();
    // A poll of ten minutes: only the API's wake through Postgres can send the e-mails within the test.
    const common = { DATABASE_URL: db.url, MAIL_POLL_MS: "600000", BOOKING_LIMIT_PER_HOUR: "1000" };
    const api = start({ ...common, RUN: "api", PORT: String(port), DATA_DIR: apiDir });
    let worker: ReturnType<typeof start> | null = null;
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntil("the API to be ready", async () => {
        const res = await fetch(`${base}/api/readyz`).catch(() => null);
        await res?.body?.cancel();
        return res?.status === 200;
      });
      worker = start({ ...common, RUN: "worker", DATA_DIR: workerDir });
      // It logs its start once it listens for the API's wake.
      await worker.logged('"msg":"mail worker started"');
      const res = await fetch(`${base}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(bookingBody({ cleaningDate: tomorrowWeekday(), email: "apart@example.com" })),
      });
      assert.equal(res.status, 201, await res.text());
      // The customer's confirmation and the business's copy.
      await waitUntil("the worker to write both e-mails", async () => (await emlFiles(workerDir)).length === 2, 20_000);
      assert.deepEqual(await emlFiles(apiDir), [], "the API process sends nothing");
      assert.equal(
        await fetch(`http://127.0.0.1:${port}/api/readyz`).then((r) => (r.body?.cancel(), r.status)),
        200,
        "the API is still up beside it",
      );
    } finally {
      for (const process of [api, worker]) {
        if (!process) continue;
        process.child.kill("SIGTERM");
        await process.child.status;
        await process.child.stderr.cancel().catch(() => {});
      }
      await db.close();
      await Deno.remove(apiDir, { recursive: true });
      await Deno.remove(workerDir, { recursive: true });
    }
  },
});

/** A weekday at least two days ahead in New York (open, past the lead time), as YYYY-MM-DD. */
function tomorrowWeekday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
