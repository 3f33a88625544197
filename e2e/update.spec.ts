// Updates: a new build of the service worker shows 'A new version is available'; Reload applies it.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2E_PWA_DIST } from "./env.mjs";
import { expect, test } from "./fixtures.ts";
import { waitForServiceWorker } from "./support/pages.ts";

// The worker is what this tests (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const swFile = join(E2E_PWA_DIST, "sw.js");

test("a new build brings the prompt 'A new version is available', and Reload switches to it", async ({ page }) => {
  await page.goto("/contact");
  await waitForServiceWorker(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller);
  expect(firstWorker).not.toBeNull();
  const prompt = page.getByRole("status").filter({ hasText: "A new version is available" });
  await expect(prompt).toHaveCount(0);

  const original = readFileSync(swFile);
  try {
    // The next deploy: a worker with other bytes.
    appendFileSync(swFile, `\n// e2e: a new build ${Date.now()}\n`);
    // Someone half-way through a message when the update lands.
    await page.getByLabel(/^Full Name/).fill("Half-written");
    // Coming back to the tab is one of the moments the app looks for a new version.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(prompt).toBeVisible();
    // Nothing reloads by itself: the typed text is still there.
    await expect(page.getByLabel(/^Full Name/)).toHaveValue("Half-written");

    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(prompt).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null))
      .toBeNull();
  } finally {
    writeFileSync(swFile, original);
  }
});
