// Every public route of SPEC §2 renders its content; service states; navigation, mobile menu and scroll-to-top.
import { SEED_SERVICES } from "../api/db/seed-data.ts";
import { expect, test } from "./fixtures.ts";
import { field, h1, holdRequests, PUBLIC_ROUTES } from "./support/pages.ts";

const PHONE = "(704) 555-0142";
const HOURS = "Mon-Sun: 7:00AM - 7:00PM / Sat-close";

test.describe("every public route", () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} shows its heading, the top bar and the footer`, async ({ page }) => {
      await page.goto(route.path);
      await expect(h1(page)).toHaveText(route.heading);
      const topBar = page.locator(".top-bar");
      await expect(topBar).toContainText(`Emergency Service: ${PHONE}`);
      await expect(topBar).toContainText(`Business Hours: ${HOURS}`);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
      await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
      // SPEC §9: the footer lists the first five services, then All Services.
      const footerServices = footer.getByRole("navigation", { name: "Our Services" }).getByRole("link");
      await expect(footerServices).toHaveText([
        "Air Duct Cleaning",
        "Dryer Vent Cleaning",
        "Supply Vent Cleaning",
        "Negative Pressure Machine",
        "Brush Cleaning",
        "All Services",
      ]);
    });
  }
});

test("home: banner buttons, featured services 1, 6 and 3 with at most 3 benefits, stats", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Book Now", exact: true })).toHaveAttribute("href", "/booking");
  await expect(main.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services");
  await expect(main.getByRole("heading", { name: "Why Charlotte Homeowners Choose ClearFlow" })).toBeVisible();
  const featured = page.getByRole("region", { name: "Our Most Requested Services" }).getByRole("article");
  await expect(featured.getByRole("heading")).toHaveText([
    "Air Duct Cleaning",
    "Deep Cleaning",
    "Supply Vent Cleaning",
  ]);
  const first = featured.first();
  await expect(first.getByRole("link", { name: /Read more/i })).toHaveAttribute("href", "/services/air-duct-cleaning");
  await expect(first.getByRole("link", { name: /Book Now/ })).toHaveAttribute("href", "/booking/air-duct-cleaning");
  for (const card of await featured.all()) expect(await card.locator("li").count()).toBeLessThanOrEqual(3);
  for (const claim of ["15+", "1500+", "5000+", "98%"]) await expect(main.getByText(claim).first()).toBeVisible();
});

test("services list: a card per service with Read More and Book Your Appointment", async ({ page }) => {
  await page.goto("/services");
  const cards = page.getByRole("article");
  await expect(cards.getByRole("heading", { name: "HVAC System Cleaning" })).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  const hvac = cards.filter({ hasText: "HVAC System Cleaning" });
  await expect(hvac.locator("img")).toHaveAttribute("src", /hvac-system-cleaning/);
  await expect(hvac.getByRole("link", { name: /Read more/i })).toHaveAttribute(
    "href",
    "/services/hvac-system-cleaning",
  );
  await expect(hvac.getByRole("link", { name: /Book Your Appointment/ })).toHaveAttribute(
    "href",
    "/booking/hvac-system-cleaning",
  );
});

test("service detail: packages with price, features, duration, popular style and Book links", async ({ page }) => {
  await page.goto("/services/air-duct-cleaning");
  await expect(h1(page)).toHaveText("Air Duct Cleaning");
  const packages = page.locator("li.package");
  await expect(packages).toHaveCount(3);
  const standard = packages.filter({ has: page.getByRole("heading", { name: "Standard" }) });
  await expect(standard).toHaveClass(/package--popular/);
  await expect(standard).toContainText("Most Popular");
  await expect(standard).toContainText("$299.00");
  await expect(standard).toContainText("Service duration: 2-4 hours");
  await expect(standard).toContainText("Air filter replacement");
  await expect(packages.first()).not.toHaveClass(/package--popular/);
  await expect(standard.getByRole("link", { name: "Book Standard package" })).toHaveAttribute(
    "href",
    "/booking/air-duct-cleaning?package=standard",
  );
  await expect(page.getByRole("img", { name: "Air Duct Cleaning illustration" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Benefits" })).toBeVisible();
  // The seeded process, each step after its number (two spans, nothing between them).
  const { process: seeded } = SEED_SERVICES.find((service) => service._id === "air-duct-cleaning")!;
  await expect(page.getByRole("region", { name: "Our Process" }).getByRole("listitem")).toHaveText(
    seeded.map((step, i) => `${i + 1}${step}`),
  );
  for (const link of await page.getByRole("link", { name: "Schedule Online" }).all())
    await expect(link).toHaveAttribute("href", "/booking/air-duct-cleaning");
});

test.describe("an unknown service", () => {
  // The API answers 404 for it, which the browser reports in the console.
  test.use({ allowedErrors: [/status of 404/] });

  test("service detail shows Service Not Found and goes back to the list", async ({ page }) => {
    await page.goto("/services/no-such-service");
    await expect(h1(page)).toHaveText("Service Not Found");
    await expect(page.getByText("The requested service could not be found.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(h1(page)).toHaveText("Our Services");
  });
});

test.describe("loading state", () => {
  // The worker would answer /api/services/{id} from its cache, out of page.route's reach: blocked here whatever the
  // config's default.
  test.use({ serviceWorkers: "block" });

  test("service detail shows 'Loading service details...' until the service arrives", async ({ page }) => {
    const release = await holdRequests(page, "**/api/services/chimney-cleaning");
    await page.goto("/services/chimney-cleaning");
    await expect(page.getByText("Loading service details...")).toBeVisible();
    await expect(h1(page)).toHaveCount(0);
    release();
    await expect(h1(page)).toHaveText("Chimney Cleaning");
    await expect(page.getByText("Loading service details...")).toHaveCount(0);
  });
});

test("about: mission, vision, values, story, achievements, certifications", async ({ page }) => {
  await page.goto("/about");
  for (const name of [
    "Our Mission",
    "Our Vision",
    "Our Values",
    "From One Van to a Trusted Local Team",
    "Our Achievements",
    "Certifications & Memberships",
  ])
    await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("booking page: heading, four sections and the contact box", async ({ page }) => {
  await page.goto("/booking");
  for (const legend of ["Personal Information", "Address", "Service Details", "Additional Information"])
    await expect(page.getByRole("group", { name: legend })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByText(PHONE).first()).toBeVisible();
  await expect(main.getByText("hello@clearflowclean.com").first()).toBeVisible();
  await expect(main).toContainText(/Saturday/);
  // 13 hourly slots after the "Select a time" placeholder.
  const times = field(page, "Preferred Time").getByRole("option");
  await expect(times).toHaveCount(14);
  await expect(times.nth(1)).toHaveText("7:00 AM");
  await expect(times.nth(13)).toHaveText("7:00 PM");
});

test("thank-you: confirmation, e-mail, 24 hours, emergency phone, links home and to services", async ({ page }) => {
  await page.goto("/thank-you");
  const main = page.getByRole("main");
  await expect(main).toContainText("confirmation e-mail");
  await expect(main).toContainText("within 24 hours");
  await expect(main.getByRole("link", { name: PHONE })).toBeVisible();
  await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Explore Services" })).toHaveAttribute("href", "/services");
});

test("privacy and terms: breadcrumb, today's date, sections, contact e-mail and phone", async ({ page }) => {
  const today = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(new Date());
  for (const [path, title, sections] of [
    ["/privacy", "Privacy Policy", 6],
    ["/terms", "Terms of Service", 7],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(title);
    await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
    await expect(page.locator(".legal > section")).toHaveCount(sections);
    await expect(page.locator(".legal")).toContainText("hello@clearflowclean.com");
    await expect(page.locator(".legal")).toContainText(PHONE);
  }
  await expect(page.locator(".legal")).toContainText("24 hours");
  await expect(page.locator(".legal")).toContainText("North Carolina");
});

test("an unknown address shows Page Not Found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(h1(page)).toHaveText("Page Not Found");
});

test("navigation: the Services dropdown lists every service and All Services, and closes on a choice", async ({
  page,
}) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.getByRole("button", { name: "Services" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const menu = nav.locator(".nav__submenu");
  await expect(menu.getByRole("link", { name: "All Services" })).toHaveAttribute("href", "/services");
  for (const name of ["Air Duct Cleaning", "Chimney Cleaning", "HVAC System Cleaning"])
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await menu.getByRole("link", { name: "Dryer Vent Cleaning" }).click();
  await expect(page).toHaveURL(/\/services\/dryer-vent-cleaning$/);
  await expect(h1(page)).toHaveText("Dryer Vent Cleaning");
  await expect(menu).toBeHidden();
  await nav.getByRole("link", { name: "Gallery" }).click();
  await expect(h1(page)).toHaveText("Our Work");
  await nav.getByRole("link", { name: "Book Now" }).click();
  await expect(h1(page)).toHaveText("Book Your Appointment");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button opens the navigation, a chosen link closes it", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
    await menuButton.click();
    const closeButton = page.getByRole("button", { name: "Close menu" });
    await expect(closeButton).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(h1(page)).toHaveText("Contact Us");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
  });

  test("the open menu closes when the page scrolls", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" })).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test("scroll-to-top stands aside while a form is under it, so it covers no field on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/booking");
  const dateField = page.getByRole("textbox", { name: /Preferred Date/ });
  await expect(dateField).toBeVisible();
  const button = page.getByRole("button", { name: "Scroll to top" });
  const scrollTo = (top: number) => page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
  // Past the form, in the footer, it is there.
  await scrollTo(100_000);
  await expect(button).toBeVisible();
  // The date field at the bottom of the screen: its calendar button is where the scroll-to-top button would be.
  const dateTop = await dateField.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await scrollTo(dateTop - 844 + 70);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(button).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open calendar" })).toBeInViewport();
  // And back past the form.
  await scrollTo(100_000);
  await expect(button).toBeVisible();
});

test("scroll-to-top: appears past 300 px, brings the page back up; a route change scrolls to the top", async ({
  page,
}) => {
  await page.goto("/about");
  // The page must be all there before it can be scrolled that far.
  await expect(page.getByRole("heading", { name: "Certifications & Memberships" })).toBeVisible();
  const button = page.getByRole("button", { name: "Scroll to top" });
  await expect(button).toHaveCount(0);
  // The test's own scrolls are instant (the site scrolls smoothly), so no animation is left running.
  const scrollTo = (top: number) => page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
  await scrollTo(250);
  expect(await page.evaluate(() => window.scrollY)).toBe(250);
  await expect(button).toHaveCount(0);
  await scrollTo(1200);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);

  await scrollTo(100_000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Gallery" }).click();
  await expect(h1(page)).toHaveText("Our Work");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
