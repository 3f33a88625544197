// The embedded default is what a new user runs (`npm ci && npm start`): no DATABASE_URL, no JWT_SECRET, no SMTP.
// Whatever servers the rest of the suite runs on, this test runs that, as a process, on PGlite in a folder of its own.
import assert from "node:assert/strict";
import { waitUntil } from "./outbox/testing.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { emlFiles, freePort, startApiProcess, weekdayAhead } from "./testing/api-process.ts";

/** `deno run api/main.ts` with nothing configured but a data folder and a port: the environment is cleared. */
const start = (dataDir: string, port: number) =>
  startApiProcess({ DATA_DIR: dataDir, PORT: String(port) }, { clearEnv: true });

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
