import assert from "node:assert/strict";
import { io as connectSocket, type Socket } from "socket.io-client";
import { waitUntil } from "./outbox/testing.ts";
import { createTestDatabase } from "./testing/database.ts";
import { TEST_JWT_SECRET } from "./testing/context.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { needsService } from "./testing/services.ts";
import { emlFiles, freePort, startApiProcess, weekdayAhead } from "./testing/api-process.ts";

const postgres = needsService("TEST_DATABASE_URL");

interface Apart {
  /** The API instance's address. */
  base: string;
  apiDir: string;
  workerDir: string;
  /** Starts the worker process, with `env` beside what both share. */
  startWorker(env?: Record<string, string>): ReturnType<typeof startApiProcess>;
}

/**
 * A test of an API process (RUN=api) and a worker process (RUN=worker) over one fresh database: the API started and
 * ready, the worker started by the test. A poll of ten minutes: only a wake through Postgres moves the worker in time.
 */
function apart(name: string, apiEnv: Record<string, string>, fn: (run: Apart) => Promise<void>) {
  Deno.test({
    name,
    ignore: postgres.ignore,
    sanitizeResources: false,
    sanitizeOps: false,
    async fn() {
      const db = await createTestDatabase({ migrated: false });
      const apiDir = await Deno.makeTempDir();
      const workerDir = await Deno.makeTempDir();
      const port = freePort();
      const common = { DATABASE_URL: db.url, JWT_SECRET: TEST_JWT_SECRET, MAIL_POLL_MS: "600000" };
      const api = startApiProcess({ ...common, ...apiEnv, RUN: "api", PORT: String(port), DATA_DIR: apiDir });
      const workers: ReturnType<typeof startApiProcess>[] = [];
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitUntil("the API to be ready", async () => {
          const res = await fetch(`${base}/api/readyz`).catch(() => null);
          await res?.body?.cancel();
          return res?.status === 200;
        });
        const startWorker = (env: Record<string, string> = {}) => {
          const worker = startApiProcess({ ...common, ...env, RUN: "worker", DATA_DIR: workerDir });
          workers.push(worker);
          return worker;
        };
        await fn({ base, apiDir, workerDir, startWorker });
      } finally {
        for (const process of [api, ...workers]) await process.stop();
        await db.close();
        await Deno.remove(apiDir, { recursive: true });
        await Deno.remove(workerDir, { recursive: true });
      }
    },
  });
}

apart(
  "RUN=api and RUN=worker apart: the API takes the booking, the worker sends its e-mails at once",
  { BOOKING_LIMIT_PER_HOUR: "1000" },
  async ({ base, apiDir, workerDir, startWorker }) => {
    const worker = startWorker();
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
      await fetch(`${base}/api/readyz`).then((r) => (r.body?.cancel(), r.status)),
      200,
      "the API is still up beside it",
    );
  },
);

const OWNER = { email: "owner@example.com", password: "plan-visits-live-1" };

apart(
  "a visit the worker process plans reaches the office's open dashboard through the API instance",
  // The API plans three weeks ahead when it enrolls; the worker, two months: only the worker plans this visit.
  { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, PLAN_VISIT_LEAD_DAYS: "21" },
  async ({ base, startWorker }) => {
    let socket: Socket | null = null;
    try {
      const call = async <T>(method: string, path: string, body?: unknown, token?: string) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
        return JSON.parse(text) as T;
      };
      const { token } = await call<{ token: string }>("POST", "/api/auth/login", OWNER);
      const made = await call<{ data: { _id: string } }>(
        "POST",
        "/api/bookings",
        bookingBody({ cleaningDate: weekdayAhead(), email: "member@example.com" }),
      );
      const booking = await call<{ customerId: string; propertyId: string }>(
        "GET",
        `/api/bookings/${made.data._id}`,
        undefined,
        token,
      );
      const plan = await call<{ data: { _id: string } }>(
        "POST",
        "/api/plans",
        {
          name: "Worker Club",
          visits: [{ serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 }],
          priceCents: 9900,
          period: "year",
          memberDiscountPercent: 10,
        },
        token,
      );
      const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      await call(
        "POST",
        `/api/customers/${booking.customerId}/memberships`,
        { planId: plan.data._id, propertyId: booking.propertyId, start, payment: "invoice" },
        token,
      );

      socket = connectSocket(base, { transports: ["websocket"], auth: { token } });
      // The planned visit is labelled with its plan's name.
      const announced = new Promise<{ comment: string; cleaningDate: string }>((resolve) =>
        socket!.on("newBooking", (b: { comment: string; cleaningDate: string }) => {
          if (b.comment.startsWith("Worker Club:")) resolve(b);
        }),
      );
      await new Promise<void>((resolve) => socket!.on("connect", () => resolve()));
      startWorker({ PLAN_VISIT_LEAD_DAYS: "60" });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const visit = await Promise.race([
        announced,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("no newBooking for the planned visit within 30 s")), 30_000);
        }),
      ]).finally(() => clearTimeout(timer));
      assert.equal(visit.cleaningDate >= start, true, `the visit is on or after its due date: ${visit.cleaningDate}`);
    } finally {
      socket?.close();
    }
  },
);
