import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_BASE_URL } from "./env.mjs";

// The run's SMTP inbox: a fresh folder made once by the runner; the workers and the web server inherit the variable
// (the config is read again in each worker, where `??=` keeps the runner's folder).
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), "clearflow-e2e-mail-"));
// The run's register of slots handed to tests (support/data.ts), made the same way.
process.env.E2E_SLOT_DIR ??= mkdtempSync(join(tmpdir(), "clearflow-e2e-slots-"));

/** Debian's Chromium, never a downloaded browser. */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One worker a core: every test sets up its own data (its own slots, e-mails and people), so any two may run at once.
  workers: availableParallelism(),
  retries: 0,
  // A budget for a slow machine, not a guess of how long a step takes: every wait is on a state (an element, a
  // response), which returns as soon as it holds; the limits only bound a test that truly hangs. CI runs on two
  // shared cores, where a page can take several times as long as on a quiet one. Heavy tests (axe over
  // several screens, a whole offline journey) mark themselves test.slow() on top of this.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace for every test costs a third of the run on two cores: E2E_TRACE=1 turns it on.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // A service worker's install downloads the precache (115 files) in every test's new context, and the staff kit
    // (93 more) on a staff page: CPU the two cores spend on every test. The specs of what the worker does (offline,
    // the update, push, the install) allow it with test.use({ serviceWorkers: "allow" }).
    serviceWorkers: "block",
    launchOptions: { executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: ["**/update.spec.ts", "**/logout.spec.ts", "**/settings.spec.ts"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // It serves a new service worker to every visitor, so it runs alone, after everything else.
      name: "update",
      testMatch: "**/update.spec.ts",
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // Logout revokes every token of the one e2e admin: run beside other specs, it would sign out their dashboards.
      name: "logout",
      testMatch: "**/logout.spec.ts",
      dependencies: ["update"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // It changes the phone, the hours and a price that every other spec reads: alone, last, and put back after.
      name: "settings",
      testMatch: "**/settings.spec.ts",
      dependencies: ["logout"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: "node e2e/server.mjs",
    cwd: "..",
    url: `${E2E_BASE_URL}/api/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...(process.env as Record<string, string>),
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      E2E_SLOT_DIR: process.env.E2E_SLOT_DIR,
    },
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
