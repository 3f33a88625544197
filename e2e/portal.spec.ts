// The customer's own page at 390 px: a sign-in link asked for and opened from the .eml, an upcoming visit with its
// technician, a past visit's report with its photos, five stars and the review link, an estimate approved through its
// page and an open invoice with its balance, and the last view offline; and the office's open dashboard hearing of a
// low rating at once.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Invoice } from "../api/contracts/invoices/invoice.ts";
import { expect, snapshot, test } from "./fixtures.ts";
import { adminSession, assign, createBooking, createTechnician, type Session, signIn } from "./support/api.ts";
import { openDashboard } from "./support/dashboard.ts";
import { uniqueEmail } from "./support/data.ts";
import { sendRepairEstimate } from "./support/estimates.ts";
import { waitForMail } from "./support/mail.ts";
import { waitForServiceWorker } from "./support/pages.ts";
import { seriousViolations } from "./support/a11y.ts";
import { E2E_BASE_URL } from "./env.mjs";

/** The customer's session cookie as the browser keeps it (the server sets it with the `__Host-` prefix). */
const SESSION_COOKIE = "__Host-clearflow-portal";
/** What the site's own pages send with a write; the portal refuses a write with the cookie from anywhere else. */
const SITE = { Origin: E2E_BASE_URL };

/** The token of a sign-in link asked for through the API and read from its e-mail. */
async function signInToken(request: APIRequestContext, email: string): Promise<string> {
  expect((await request.post("/api/portal/sign-in", { data: { email } })).status()).toBe(202);
  const mail = await waitForMail(email, /sign-in link/i);
  const token = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1];
  expect(token, "a sign-in link in the e-mail").toBeTruthy();
  return token!;
}

/** A customer signed in through the API, as their phone would from the e-mailed link: their session cookie's value. */
async function customerSession(request: APIRequestContext, email: string): Promise<string> {
  const token = await signInToken(request, email);
  const session = await request.post("/api/portal/sessions", { headers: SITE, data: { token } });
  expect(session.status(), await session.text()).toBe(201);
  const cookie = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(session.headers()["set-cookie"] ?? "")?.[1];
  expect(cookie, "the session set as its cookie").toBeTruthy();
  return cookie!;
}

const REVIEW_URL = "https://reviews.example.com/clearflow";
const photo = (name: string) => fileURLToPath(new URL(`./files/${name}`, import.meta.url));

// Offline, the page's read of the visits fails before the last view is shown; that failure is the case under test.
test.use({
  serviceWorkers: "allow",
  allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed: GET .*\/api\/portal\//],
});

/** A visit done as the office records it: a technician's stages, a note, a Before and an After photo, completed. */
async function completeWithPhotos(request: APIRequestContext, admin: Session, id: string) {
  const auth = { Authorization: `Bearer ${admin.token}` };
  for (const stage of ["en_route", "on_site"]) {
    const res = await request.put(`/api/bookings/${id}/visit`, { headers: auth, data: { stage } });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const [kind, file] of [
    ["before", "duct-before.jpg"],
    ["after", "duct-after.jpg"],
  ]) {
    const res = await request.post(`/api/bookings/${id}/photos?kind=${kind}`, {
      headers: { ...auth, "Content-Type": "image/jpeg", "Idempotency-Key": crypto.randomUUID() },
      data: await readFile(photo(file!)),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const note = await request.post(`/api/bookings/${id}/notes`, {
    headers: auth,
    data: { text: "Replaced the furnace filter; the return duct had heavy dust." },
  });
  expect(note.status()).toBe(201);
  const done = await request.put(`/api/bookings/${id}/visit`, { headers: auth, data: { stage: "completed" } });
  expect(done.status(), await done.text()).toBe(200);
}

async function setReviewUrl(request: APIRequestContext, admin: Session, reviewUrl: string) {
  const res = await request.put("/api/settings", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { reviewUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function invoice(request: APIRequestContext, admin: Session, bookingId: string): Promise<Invoice> {
  const res = await request.post(`/api/bookings/${bookingId}/invoice`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Invoice }).data;
}

const dollars = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

const shoot = async (page: Page, name: string) => {
  await snapshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await snapshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 390, height: 844 });
};

test("a customer signs in from the e-mailed link, sees an upcoming visit and a past report, rates it, approves an estimate, sees an open invoice and reads it offline", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("portal");
  const admin = await adminSession(request);
  const tech = await createTechnician(request, admin, `Tess Portal ${Date.now().toString(36)}`);
  const past = await createBooking(request, {
    email,
    firstName: "Dana",
    serviceType: "air-duct-cleaning",
    unitCount: 2,
  });
  const upcoming = await createBooking(request, { email, firstName: "Dana", serviceType: "dryer-vent-cleaning" });
  await assign(request, admin, upcoming, tech.session.user._id);
  await completeWithPhotos(request, admin, past._id);
  await setReviewUrl(request, admin, REVIEW_URL);
  const estimate = await sendRepairEstimate(request, admin, upcoming._id);

  try {
    await test.step("asks for a link: the same words for anyone", async () => {
      await page.goto("/portal");
      await expect(page.getByRole("heading", { level: 1, name: "Your Visits" })).toBeVisible();
      await shoot(page, "portal-sign-in");
      expect(await seriousViolations(page), "the sign-in request").toEqual([]);
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
      await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
    });

    await test.step("opens the link from the .eml: signed in, the page lists the visits", async () => {
      const mail = await waitForMail(email, /sign-in link/i);
      const link = /https?:\/\/\S+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0];
      expect(link, "a sign-in link in the e-mail").toBeTruthy();
      await page.goto(new URL(link!).pathname);
      await expect(page).toHaveURL(/\/portal$/);
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
      // The session is a cookie the page's script cannot read, kept on http://localhost too (a secure context).
      const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
      expect(await page.evaluate(() => document.cookie)).not.toContain("clearflow-portal");
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(cookie!.value);
      const card = page.getByRole("region", { name: "Upcoming visits" }).getByRole("listitem");
      await expect(card).toContainText("Dryer Vent Cleaning");
      await expect(card).toContainText(`Technician: ${tech.name.split(" ")[0]}`);
      await expect(card.getByRole("link", { name: "Move or cancel ›" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Past visits" })).toContainText("Air Duct Cleaning");
      await expect(page.getByRole("checkbox", { name: /Visit reminders/ })).toBeEnabled();
      await waitForServiceWorker(page);
      await shoot(page, "portal-home");
      expect(await seriousViolations(page), "the portal's page").toEqual([]);
    });

    await test.step("an upcoming visit can be moved or cancelled", async () => {
      await page
        .getByRole("region", { name: "Upcoming visits" })
        .getByRole("link", { name: "Move or cancel ›" })
        .click();
      await expect(page.getByRole("heading", { level: 2, name: "Move or cancel" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Move appointment" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel visit" })).toBeVisible();
      await shoot(page, "portal-upcoming-visit");
      await page.getByRole("link", { name: "‹ All your visits" }).click();
    });

    await test.step("a past visit's report shows its checklist, the technician's note and the photos", async () => {
      await page
        .getByRole("region", { name: "Past visits" })
        .getByRole("link", { name: "Report and rating ›" })
        .click();
      await expect(page.getByRole("heading", { level: 2, name: "Service report" })).toBeVisible();
      await expect(page.getByText("Replaced the furnace filter")).toBeVisible();
      for (const alt of ["Before photo 1", "After photo 1"]) {
        const img = page.getByRole("img", { name: alt, exact: true });
        await expect(img).toBeVisible();
        await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
      await expect(page.getByRole("button", { name: "Send my rating" })).toBeDisabled();
      await shoot(page, "portal-report");
      expect(await seriousViolations(page), "a report").toEqual([]);
    });

    await test.step("five stars from the e-mail's link, without signing in, offer the review link", async () => {
      const mail = await waitForMail(email, /^How did we do\?/);
      const mailPage = await context.newPage();
      await mailPage.setViewportSize({ width: 390, height: 844 });
      await mailPage.setContent(String(mail.html));
      await shoot(mailPage, "portal-rating-email");
      await mailPage.close();
      const link = /https?:\/\/\S+\/portal\/rate\/\S+\?stars=5/.exec(mail.text ?? "")?.[0];
      expect(link, "a five-star link in the e-mail").toBeTruthy();
      const url = new URL(link!);
      await page.goto(url.pathname + url.search);
      await expect(page.getByRole("heading", { level: 1, name: "How Did We Do?" })).toBeVisible();
      await expect(page.getByLabel("5 stars: Excellent")).toBeChecked();
      await shoot(page, "portal-rate");
      expect(await seriousViolations(page), "the rating page").toEqual([]);
      await page.getByLabel("Anything to add? (optional)").fill("Quick, tidy and on time.");
      await page.getByRole("button", { name: "Send my rating" }).click();
      await expect(page.getByRole("link", { name: "Review ClearFlow" })).toHaveAttribute("href", REVIEW_URL);
      await shoot(page, "portal-rated");
    });

    // Invoiced once rated: an open invoice holds the visit's rating e-mail back until it is paid.
    const bill = await invoice(request, admin, past._id);

    await test.step("an estimate to approve and an open invoice with its balance; approved through its page", async () => {
      await page.goto("/portal");
      const estimates = page.getByRole("region", { name: "Estimates" });
      const due = estimates.getByRole("listitem").filter({ hasText: `Estimate ${estimate.number}` });
      await expect(due).toContainText("Awaiting your answer");
      await expect(due).toContainText("2 options, from");
      const invoices = page.getByRole("region", { name: "Invoices" });
      const open = invoices.getByRole("listitem").filter({ hasText: `Invoice ${bill.number}` });
      await expect(open).toContainText(`Balance ${dollars(bill.balanceCents)}`);
      await expect(open.getByRole("link", { name: /^(Pay now|View invoice)$/ })).toHaveAttribute(
        "href",
        `/invoices/${bill.token}`,
      );
      await shoot(page, "portal-money");
      expect(await seriousViolations(page), "the estimates and invoices").toEqual([]);

      await due.getByRole("link", { name: "Review and approve" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Estimate ${estimate.number}` })).toBeVisible();
      await page.getByRole("button", { name: "Choose Repair and protect" }).click();
      await page.getByRole("textbox", { name: /Your full name/ }).fill("Dana Portal");
      await page.getByRole("button", { name: /^Approve Repair and protect – \$/ }).click();
      await expect(page.getByRole("status").filter({ hasText: "Approved." })).toBeVisible();

      await page.goto("/portal");
      const approved = page.getByRole("region", { name: "Estimates" }).getByRole("listitem");
      await expect(approved).toContainText("Approved by Dana Portal");
      await expect(approved).toContainText("Repair and protect:");
      await expect(page.getByRole("heading", { level: 3, name: "To approve" })).toHaveCount(0);
      await shoot(page, "portal-money-approved");
    });

    await test.step("offline, the page shows the visits as of the last view, and says so", async () => {
      await page.goto("/portal");
      await expect(page.getByRole("region", { name: "Past visits" })).toContainText("★★★★★");
      await context.setOffline(true);
      await page.reload();
      await expect(
        page.getByRole("status").filter({ hasText: /You are offline\. This is your page as of/ }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Upcoming visits" })).toContainText("Dryer Vent Cleaning");
      await expect(page.getByRole("region", { name: "Invoices" })).toContainText(dollars(bill.balanceCents));
      await expect(page.getByRole("link", { name: /^(Pay now|View invoice)$/ })).toHaveCount(0);
      await shoot(page, "portal-offline");
      await context.setOffline(false);
    });
  } finally {
    await setReviewUrl(request, admin, "");
  }
});

test("a rating of two stars shows at once on the office's open dashboard, and in the booking's details", async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail("portal-low");
  const admin = await adminSession(request);
  const booking = await createBooking(request, { email, firstName: "Rita", lastName: "Okafor" });
  const done = await request.put(`/api/bookings/${booking._id}/status`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { status: "completed" },
  });
  expect(done.status(), await done.text()).toBe(200);
  await signIn(context, request);
  await openDashboard(page);

  // The customer, signed in on their own phone (here through the API, as the first test does it in a browser).
  const session = await customerSession(request, email);
  const rated = await request.post("/api/portal/ratings", {
    headers: { ...SITE, Cookie: `${SESSION_COOKIE}=${session}` },
    data: { bookingId: booking._id, stars: 2, comment: "Left dust on the carpet" },
  });
  expect(rated.status(), await rated.text()).toBe(201);
  expect(await rated.json()).toEqual({ data: { stars: 2 } });

  const notice = page.getByRole("alert").filter({ hasText: "Low rating: 2 stars from Rita Okafor" });
  await expect(notice).toContainText("“Left dust on the carpet”");
  await snapshot(page, "portal-low-rating-dashboard-1280");
  await notice.getByRole("button", { name: "View booking" }).click();
  await expect(page.getByRole("dialog").getByText("Customer's rating:")).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText("“Left dust on the carpet”");
});

test("the customer's page comes rendered by the server with their visits, takes no second read, and refuses another site's writes", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("portal-ssr");
  const booking = await createBooking(request, { email, firstName: "Sam", serviceType: "dryer-vent-cleaning" });
  // No service worker: the page as a first visit from the e-mail gets it, from the server.
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    // The member's plans are read by a part of the page loaded after it: awaited too, before counting.
    const plansRead = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/portal/memberships");
    await page.goto(`/portal/sign-in/${await signInToken(request, email)}`);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    // The page the link opened has read all it shows once its switches are on: what is read after is the next page's.
    await expect(page.getByRole("checkbox", { name: /Visit reminders/ })).toBeEnabled();
    await expect(page.getByRole("checkbox", { name: /Text me about my visits/ })).toBeEnabled();
    expect((await plansRead).status()).toBe(200);
    const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!.value;
    const reads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/portal/"))
        reads.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await test.step("the page's HTML holds the visit before any script has run", async () => {
      const html = await (await page.request.get("/portal")).text();
      expect(html).toContain(`Signed in as <strong>${email}</strong>`);
      expect(html).toContain("Dryer Vent Cleaning");
      expect(html).not.toContain(session);
    });

    await test.step("hydrated with what came with it: no read of the visits again", async () => {
      await page.goto("/portal");
      const card = page.getByRole("region", { name: "Upcoming visits" }).getByRole("listitem");
      await expect(card).toContainText("Dryer Vent Cleaning");
      await expect(page.getByRole("checkbox", { name: /Visit reminders/ })).toBeEnabled();
      // A change made on the page is the first request it sends: the switch, with the site's Origin.
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/portal/preferences"));
      // Clicked, not unchecked: the switch follows the server's answer, so it turns once the save is back.
      await page.getByRole("checkbox", { name: /Visit reminders/ }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByRole("checkbox", { name: /Visit reminders/ })).not.toBeChecked();
      expect(reads).toEqual(["PUT /api/portal/preferences"]);
    });

    await test.step("a visit's page too, opened from its address", async () => {
      await page.goto(`/portal/visits/${booking._id}`);
      await expect(page.getByRole("heading", { level: 2, name: "Move or cancel" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel visit" })).toBeEnabled();
      expect(reads.filter((r) => r.startsWith("GET /api/portal/visits"))).toEqual([]);
    });

    await test.step("a write with the cookie from another site is 403", async () => {
      const cross = await page.request.put("/api/portal/preferences", {
        headers: { Origin: "https://evil.example" },
        data: { visitReminders: true },
      });
      expect(cross.status()).toBe(403);
    });

    await test.step("signing out clears the cookie and the page asks for a link", async () => {
      await page.goto("/portal");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
      expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      const after = await request.get("/api/portal/visits", { headers: { Cookie: `${SESSION_COOKIE}=${session}` } });
      expect(after.status(), "the session is revoked, not only forgotten").toBe(401);
    });
  } finally {
    await context.close();
  }
});
