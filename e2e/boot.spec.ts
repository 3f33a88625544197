// Prerendered public pages load the app only after their first paint, through the boot module (decision 0039):
// before then the page must already be whole and usable, and nothing typed meanwhile may be lost.
import { expect, snapshot, test } from "./fixtures.ts";
import { field, h1, holdRequests } from "./support/pages.ts";

/** The app's entry chunk, which the boot module imports (and shell.html loads at once). */
const ENTRY = "**/assets/index-*.js";

test.describe("a prerendered page before the app has run", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("names only the boot module in its HTML, fetches the app after its load event, and no staff code", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/booking")).text();
    expect(html).not.toContain('rel="modulepreload"');
    const scripts = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

    const requested: string[] = [];
    page.on("request", (req) => requested.push(new URL(req.url()).pathname));
    await page.goto("/booking");
    // Hydrated: the submit button is enabled only by React.
    await expect(page.getByRole("button", { name: "Book Appointment" })).toBeEnabled();
    // Once idle, the worker's registration and the device queue's loop load (main.tsx); staff code never does here.
    await expect.poll(() => requested.some((path) => /\/assets\/initPwa-[\w-]+\.js$/.test(path))).toBe(true);
    expect(requested.filter((path) => /\/assets\/(socketEvents|DashboardPage|JobsPage)-/.test(path))).toEqual([]);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const entry = performance.getEntriesByType("resource").find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name));
      return { loadEnd: navigation?.loadEventEnd ?? NaN, entryStart: entry?.startTime ?? NaN };
    });
    expect(timing.entryStart).toBeGreaterThanOrEqual(timing.loadEnd);
  });

  test("home is complete and its links work without the app", async ({ page }) => {
    const release = await holdRequests(page, ENTRY);
    await page.goto("/");
    await expect(h1(page)).toHaveText("Cleaner ducts. Healthier air. A home that breathes easier.");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await snapshot(page, "home-phone-before-app");

    // A plain link: the browser loads /booking's own prerendered page.
    await page.getByRole("main").getByRole("link", { name: "Book Now", exact: true }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(h1(page)).toHaveText("Book Your Appointment");
    release();
  });

  test("the phone menu pressed before the app runs opens once the app has started", async ({ page }) => {
    const release = await holdRequests(page, ENTRY);
    await page.goto("/about");
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    release();
    // Open, the button is named for what it does next.
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" })).toBeVisible();
  });

  test("a button pressed once the app runs but before the page's own code has loaded works once it has", async ({
    page,
  }) => {
    // The entry has run and the frame around the page is React's; the gallery's chunk is still on its way.
    const release = await holdRequests(page, "**/assets/GalleryPage-*.js");
    await page.goto("/gallery");
    // hydrateRoot has been called on the page's root (React marks its container).
    const appStarted = () =>
      page.evaluate(() =>
        Object.keys(document.getElementById("root")!).some((key) => key.startsWith("__reactContainer")),
      );
    await expect.poll(appStarted).toBe(true);
    await page.getByRole("button", { name: "View larger: Whole-Home Duct Cleaning" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Whole-Home Duct Cleaning" })).toBeVisible();
    // Pressed once: closing it leaves it closed.
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the booking form keeps what is typed before the app runs, and takes it over", async ({ page }) => {
    const release = await holdRequests(page, ENTRY);
    await page.goto("/booking");
    const form = page.getByRole("form", { name: "Booking form" });
    const submit = page.getByRole("button", { name: "Book Appointment" });
    // Not yet React's: a tap would send the HTML form itself.
    await expect(submit).toBeDisabled();
    await snapshot(page, "booking-phone-before-app");

    await field(form, "First Name").fill("Ann");
    await field(form, "Email").fill("ann@example.com");
    // Once the app runs, an unpicked state shows the business's own (NC): a state picked before must win.
    await field(form, "State").selectOption("SC");

    release();
    await expect(submit).toBeEnabled();
    await expect(field(form, "First Name")).toHaveValue("Ann");
    await expect(field(form, "Email")).toHaveValue("ann@example.com");
    await expect(field(form, "State")).toHaveValue("SC");
    // React's state has them: typing on goes on from what was there.
    await field(form, "First Name").press("End");
    await field(form, "First Name").pressSequentially("e");
    await expect(field(form, "First Name")).toHaveValue("Anne");
  });
});
