import assert from "node:assert/strict";
import { waitUntil } from "./outbox/testing.ts";
import { createTestDatabase } from "./testing/database.ts";
import { TEST_JWT_SECRET } from "./testing/context.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { needsService } from "./testing/services.ts";
import { emlFiles, freePort, startApiProcess, weekdayAhead } from "./testing/api-process.ts";

const postgres = needsService("TEST_DATABASE_URL");

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
    const common = {
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      MAIL_POLL_MS: "600000",
      BOOKING_LIMIT_PER_HOUR: "1000",
    };
    const api = startApiProcess({ ...common, RUN: "api", PORT: String(port), DATA_DIR: apiDir });
    let worker: ReturnType<typeof startApiProcess> | null = null;
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntil("the API to be ready", async () => {
        const res = await fetch(`${base}/api/readyz`).catch(() => null);
        await res?.body?.cancel();
        return res?.status === 200;
      });
      worker = startApiProcess({ ...common, RUN: "worker", DATA_DIR: workerDir });
      // It logs its start once it listens for the API's wake.
      await worker.logged('"msg":"mail worker started"');
      const res = await fetch(`${base}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(bookingBody({ cleaningDate: weekdayAhead(), email: "apart@example.com" })),
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
        await process.stop();
      }
      await db.close();
      await Deno.remove(apiDir, { recursive: true });
      await Deno.remove(workerDir, { recursive: true });
    }
  },
});
