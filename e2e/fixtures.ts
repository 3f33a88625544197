import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

export { expect };

const artifacts = fileURLToPath(new URL("./artifacts/", import.meta.url));

/** What the app's console says when the context blocks service workers (the config's default, see there). */
const WORKER_BLOCKED = /Service worker registration failed/;
const allowedIn = (allowed: RegExp[], serviceWorkers: "allow" | "block" | undefined) =>
  serviceWorkers === "block" ? [...allowed, WORKER_BLOCKED] : allowed;

/** Starts listening to a page: console errors, page errors, failed requests and 5xx answers are noted. */
export function watchPage(page: Page, allowedErrors: RegExp[], problems: string[]): void {
  const note = (text: string) => {
    if (!allowedErrors.some((re) => re.test(text))) problems.push(text);
  };
  page.on("console", (message) => {
    if (message.type() === "error") note(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    // A navigation away cancels pending fetches and images; that is the browser, not the site.
    if (failure.includes("ERR_ABORTED")) return;
    note(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 500) note(`server error: ${response.status()} ${response.url()}`);
  });
}

interface Fixtures {
  /**
   * Console errors or failed requests matching one of these are expected by the test (e.g. "API down").
   * Give one RegExp (`[/a|b/]`): Playwright reads a two-element array in test.use as [value, options].
   */
  allowedErrors: RegExp[];
  /** Collects console errors, page errors and failed requests; any unexpected one fails the test. */
  pageProblems: string[];
  /**
   * Opens another browser context (a second person or device), watched like `page` and closed after the test.
   * Each context has its own storage, service worker and network state.
   */
  openContext: () => Promise<{ context: BrowserContext; page: Page }>;
}

export const test = base.extend<Fixtures>({
  allowedErrors: [[], { option: true }],
  pageProblems: [
    async ({ page, allowedErrors, serviceWorkers }, use) => {
      const problems: string[] = [];
      watchPage(page, allowedIn(allowedErrors, serviceWorkers), problems);
      await use(problems);
      expect(problems, "console errors and failed requests on the page").toEqual([]);
    },
    { auto: true },
  ],
  openContext: async ({ browser, allowedErrors, pageProblems, baseURL, serviceWorkers }, use) => {
    const opened: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, serviceWorkers });
      opened.push(context);
      const page = await context.newPage();
      watchPage(page, allowedIn(allowedErrors, serviceWorkers), pageProblems);
      return { context, page };
    });
    for (const context of opened) await context.close();
  },
});

/** Writes a full-page screenshot to e2e/artifacts/ for a person to look at. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
}

/** The screen as the person sees it, a dialog over the page included (a full-page capture would cut the dialog). */
export async function shootScreen(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}${name}.png` });
}
