// The tablet never loses work: a technician offline on a device running out of storage is warned, then refused in
// words, and everything kept before the refusal reaches the server exactly once when the signal returns, the shell's
// sync state counting down to "All sent"; and in a browser without Background Sync the page itself delivers on
// `online`.
import type { BrowserContext, Locator, Page, Request } from "@playwright/test";
import { Buffer } from "node:buffer";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { adminSession, assign, createBooking, createTechnician, signInAs, type Technician } from "./support/api.ts";
import { addDays, BUSINESS_TZ, isSaturday, todayIn, uniqueName } from "./support/data.ts";
import { waitForServiceWorker } from "./support/pages.ts";
import type { APIRequestContext } from "@playwright/test";

// The worker is what this tests (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const artifacts = fileURLToPath(new URL("./artifacts/", import.meta.url));

/**
 * A photo as heavy as a camera's after the app's re-encoding can be: noise, which JPEG cannot shrink (a real 1600 px
 * photo keeps 300-500 KB; this one about 2 MB), made in the page so that a few fill the lowered quota.
 */
async function heavyPhoto(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1200, 1600);
    const context = canvas.getContext("2d")!;
    const pixels = context.createImageData(1200, 1600);
    const random = new Uint32Array(pixels.data.buffer);
    let seed = 2463534242;
    for (let i = 0; i < random.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      random[i] = seed | 0xff000000;
    }
    context.putImageData(pixels, 0, 0);
    const bytes = new Uint8Array(
      await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.95 })).arrayBuffer(),
    );
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") };
}

/** A weekday job for a new technician; answers both. */
async function jobForNewTechnician(request: APIRequestContext, name: string) {
  const admin = await adminSession(request);
  const tech = await createTechnician(request, admin, uniqueName(name));
  let day = addDays(todayIn(BUSINESS_TZ), 1);
  while (isSaturday(day)) day = addDays(day, 1);
  const booking = await assign(
    request,
    admin,
    await createBooking(request, { lastName: uniqueName("Storage"), cleaningDate: day }),
    tech.session.user._id,
  );
  return { admin, tech, booking, who: `${booking.firstName} ${booking.lastName}` };
}

/** Every photo POSTed for `bookingId`, with its Idempotency-Key and the status the server answered. */
function recordPhotoPosts(context: BrowserContext, bookingId: string): { key: string | null; status: number }[] {
  const answered: { key: string | null; status: number }[] = [];
  context.on("requestfinished", async (request: Request) => {
    if (request.method() !== "POST" || !new URL(request.url()).pathname.endsWith(`/${bookingId}/photos`)) return;
    const response = await request.response();
    answered.push({ key: await request.headerValue("idempotency-key"), status: response?.status() ?? 0 });
  });
  return answered;
}

/**
 * Tablet first, then the same screen on a phone, as the screen shows it (not the full page: the sticky bar and the
 * open panels stay where the person sees them), `focus` scrolled into view each time.
 */
async function shoot(page: Page, name: string, focus?: Locator) {
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    if (focus) {
      // Once the new width is laid out (Playwright waits for the element to be stable), then to the middle.
      await focus.scrollIntoViewIfNeeded();
      await focus.evaluate((element) => element.scrollIntoView({ block: "center" }));
    } else await page.evaluate(() => window.scrollTo(0, 0));
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: `${artifacts}${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

/** The texts the shell's sync state showed, in order, from now on. */
async function recordSyncTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { syncTexts: string[] }).syncTexts = seen;
    const note = () => {
      const text = document.querySelector(".shell-queue__text")?.textContent ?? "";
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { syncTexts: string[] }).syncTexts);
}

async function openJobOnTablet(openContext: () => Promise<{ context: BrowserContext; page: Page }>, tech: Technician) {
  const { context: tablet, page: tab } = await openContext();
  await signInAs(tablet, tech.session);
  await tab.setViewportSize({ width: 1024, height: 768 });
  return { tablet, tab };
}

test.describe("a technician's tablet", () => {
  // Offline, the socket and the API calls fail by design; the full device refuses the job's offline copy.
  test.use({ allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed|WebSocket connection|socket/] });

  test("running out of storage offline: warned first, then refused in words; what was kept arrives once, counting down to All sent", async ({
    request,
    openContext,
  }) => {
    test.slow();
    const { admin, tech, booking, who } = await jobForNewTechnician(request, "Quinn");
    const { tablet, tab } = await openJobOnTablet(openContext, tech);
    const posts = recordPhotoPosts(tablet, booking._id);
    await tab.goto(`/jobs/${booking._id}`);
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await waitForServiceWorker(tab);
    await expect(tab.getByRole("button", { name: "All sent" })).toBeVisible();

    // The device is nearly full: this origin's quota just above what it uses now, through the DevTools protocol.
    const cdp = await tablet.newCDPSession(tab);
    const origin = new URL(tab.url()).origin;
    const usage = await tab.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const quotaSize = usage + 6 * 1024 * 1024;
    await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize });
    expect(await cdp.send("Storage.getUsageAndQuota", { origin })).toMatchObject({
      quota: quotaSize,
      overrideActive: true,
    });
    // Chromium enforces that quota on every write but leaves it out of navigator.storage.estimate() (which answered
    // 10 GB here): the page is told the same quota, as a nearly full disk would tell it.
    await tablet.addInitScript((quota) => {
      const estimate = navigator.storage.estimate.bind(navigator.storage);
      navigator.storage.estimate = async () => {
        const real = await estimate();
        return { ...real, quota: Math.min(real.quota ?? quota, quota) };
      };
    }, quotaSize);

    // The app opened again (online: Chromium reports a page reloaded offline as online), then the basement.
    await tab.reload();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await tablet.setOffline(true);
    await expect(tab.getByText(/^You are offline\./)).toBeVisible();
    const warning = tab.getByRole("status").filter({ hasText: /^Storage almost full: about \d+ more photos?$/ });
    await expect(warning).toBeVisible();
    await expect(tab.getByRole("button", { name: "All sent" })).toBeVisible();
    await shoot(tab, "storage-warning", warning);

    await tab.getByLabel("Note", { exact: true }).fill("Crawl space: every register photographed.");
    await tab.getByRole("button", { name: "Add Note" }).click();
    const waiting = (n: number) => tab.getByRole("heading", { name: `Waiting to be sent (${n})` });
    await expect(waiting(1)).toBeVisible();

    // Photos until the device refuses one.
    const refusal = tab.getByRole("alert").filter({ hasText: "Not enough storage on this device to keep this photo." });
    const photo = await heavyPhoto(tab);
    let kept = 0;
    for (let tries = 0; tries < 40; tries++) {
      await tab.getByLabel("Add Photo").setInputFiles(photo);
      // Kept (one more waits) or refused: nothing in between.
      await expect(waiting(2 + kept).or(refusal)).toBeVisible();
      if (await refusal.isVisible()) break;
      kept++;
    }
    await expect(refusal).toBeVisible();
    expect(kept, "photos kept before the device was full").toBeGreaterThan(0);
    // The refused photo is not shown as saved: only the kept ones wait, and show.
    await expect(waiting(1 + kept)).toBeVisible();
    await expect(tab.getByRole("img", { name: /^Before photo/ })).toHaveCount(kept);
    await expect(tab.getByRole("button", { name: "Free space" })).toBeVisible();
    await shoot(tab, "storage-refused", refusal);

    // The shell says what waits, and lists it.
    const syncState = tab.getByRole("button", { name: new RegExp(`^${1 + kept} waiting to be sent · oldest `) });
    await expect(syncState).toBeVisible();
    await syncState.click();
    const list = tab.getByRole("region", { name: "Waiting to be sent", exact: true });
    await expect(list.getByRole("listitem")).toHaveCount(1 + kept);
    await expect(list.getByRole("listitem").first()).toContainText("Note: Crawl space");
    await expect(list.getByRole("listitem").first()).toContainText(who);
    await expect(list.getByRole("listitem").nth(1)).toContainText(/Before photo.* [KM]B · made /);
    await expect(list.getByText(/No connection/)).toBeVisible();
    await shoot(tab, "sync-waiting");
    expect(await seriousViolations(tab), "the sync list").toEqual([]);
    await list.getByRole("button", { name: "Close" }).click();

    // Logout asks first, and keeps the work.
    await tab.getByRole("button", { name: new RegExp(`${tech.name}.*account`) }).click();
    await tab.getByRole("button", { name: "Logout" }).click();
    const question = tab.getByRole("dialog", { name: "Work not sent yet" });
    await expect(question).toContainText(
      `${1 + kept} items have not been sent. They stay on this device and are sent when you log in again`,
    );
    await shoot(tab, "logout-question");
    expect(await seriousViolations(tab), "the logout question").toEqual([]);
    await question.getByRole("button", { name: "Stay signed in" }).click();
    await expect(question).toHaveCount(0);

    // Signal again: sent by the page, each once, the sync state counting down.
    const syncTexts = await recordSyncTexts(tab);
    await tablet.setOffline(false);
    await expect(tab.getByRole("button", { name: "All sent" })).toBeVisible({ timeout: 60_000 });
    const counts = (await syncTexts()).map((text) => (text === "All sent" ? 0 : Number.parseInt(text, 10)));
    expect(counts[0]).toBe(1 + kept);
    expect(counts.at(-1)).toBe(0);
    expect(counts, "the count only goes down").toEqual([...counts].sort((a, b) => b - a));
    await tab.getByRole("button", { name: "All sent" }).click();
    await expect(tab.getByRole("heading", { name: "Nothing waiting" })).toBeVisible();
    await shoot(tab, "sync-all-sent");

    const stored = await request.get(`/api/bookings/${booking._id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const job = (await stored.json()) as { notes: unknown[]; photos: unknown[] };
    expect(job.photos).toHaveLength(kept);
    expect(job.notes).toHaveLength(1);
    const accepted = posts.filter((post) => post.status === 201 || post.status === 200);
    expect(new Set(accepted.map((post) => post.key)).size).toBe(kept);
    await cdp.send("Storage.overrideQuotaForOrigin", { origin });
  });

  test("without Background Sync (SyncManager removed), queued work is delivered by the page when the network returns", async ({
    request,
    openContext,
  }) => {
    const { admin, tech, booking, who } = await jobForNewTechnician(request, "Rowan");
    const { tablet, tab } = await openJobOnTablet(openContext, tech);
    await tablet.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
      delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
    });
    await tab.goto(`/jobs/${booking._id}`);
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    expect(await tab.evaluate(() => "SyncManager" in window)).toBe(false);

    await tablet.setOffline(true);
    await tab.getByRole("button", { name: "On My Way" }).click();
    await expect(tab.getByRole("button", { name: /^1 waiting to be sent · oldest / })).toBeVisible();

    await tablet.setOffline(false);
    await expect(tab.getByRole("button", { name: "All sent" })).toBeVisible();
    const stored = await request.get(`/api/bookings/${booking._id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const job = (await stored.json()) as { visit: { stage: string; history: unknown[] } };
    expect(job.visit.stage).toBe("en_route");
    expect(job.visit.history).toHaveLength(1);
  });

  test("notices on start that the browser cleared the app's storage, instead of saying All sent", async ({
    request,
    openContext,
  }) => {
    const { tech, booking, who } = await jobForNewTechnician(request, "Sage");
    const { tab } = await openJobOnTablet(openContext, tech);
    await tab.goto(`/jobs/${booking._id}`);
    await expect(tab.getByRole("button", { name: "All sent" })).toBeVisible();

    // What an eviction under storage pressure leaves: the sign-in in localStorage, no IndexedDB.
    await tab.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const deleting = indexedDB.deleteDatabase("clearflow");
          deleting.onsuccess = () => resolve();
          deleting.onerror = () => reject(deleting.error);
        }),
    );
    await tab.reload();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    const notice = tab.getByRole("alert").filter({ hasText: "The browser cleared this app's storage on this device." });
    await expect(notice).toContainText("Work recorded here before now that had not been sent");
    await expect(tab.getByRole("button", { name: "Storage was cleared" })).toBeVisible();
    await shoot(tab, "storage-cleared");
    await notice.getByRole("button", { name: "I have checked" }).click();
    await expect(tab.getByRole("button", { name: "All sent" })).toBeVisible();
  });
});
