// The technician's day: a job worked from start to finish on a tablet with no signal, everything kept on
// the device across a reload and sent once when the network returns; the office sees it live; the customer gets
// the report with the photos and the signature.
import type { Locator, Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { expect, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { adminSession, assign, createBooking, createTechnician, signIn, signInAs } from "./support/api.ts";
import { addDays, BUSINESS_TZ, isSaturday, todayIn, uniqueEmail, uniqueName } from "./support/data.ts";
import { openDashboard } from "./support/dashboard.ts";
import { waitForMail } from "./support/mail.ts";
import { waitForServiceWorker } from "./support/pages.ts";

const photo = (name: string) => fileURLToPath(new URL(`./files/${name}`, import.meta.url));

/** Tablet first, then the same screen on a phone, for a person to look at. */
async function shoot(page: Page, name: string) {
  await snapshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function sign(pad: Locator, page: Page) {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + box.width * (0.15 + i * 0.055), box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25));
  await page.mouse.up();
}

test.describe("a technician's day offline", () => {
  // Offline, the socket and the API calls fail by design.
  test.use({
    serviceWorkers: "allow",
    allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed|WebSocket connection|socket/],
  });

  test("On My Way, Start, a note, two photos and a signature offline survive a reload and reach the office and the customer once", async ({
    page,
    request,
    context,
    openContext,
  }) => {
    test.slow();
    const admin = await adminSession(request);
    const tech = await createTechnician(request, admin, uniqueName("Theo"));
    let day = addDays(todayIn(BUSINESS_TZ), 1);
    while (isSaturday(day)) day = addDays(day, 1);
    const customer = uniqueName("Field");
    const email = uniqueEmail("field");
    const booking = await assign(
      request,
      admin,
      await createBooking(request, { lastName: customer, email, cleaningDate: day, comment: "Dog in the yard." }),
      tech.session.user._id,
    );
    const who = `${booking.firstName} ${customer}`;

    // The office has the booking open on the dashboard.
    await signIn(context, request);
    await openDashboard(page, "/dashboard/bookings");
    await page.getByRole("button", { name: `View booking of ${who}` }).click();
    const details = page.getByRole("dialog", { name: "Booking Details" });
    await expect(details).toContainText("Not started yet.");

    // The technician's tablet, online once.
    const { context: tablet, page: tab } = await openContext();
    await signInAs(tablet, tech.session);
    await tab.setViewportSize({ width: 1024, height: 768 });
    await tab.goto("/jobs");
    await waitForServiceWorker(tab);
    const card = tab.getByRole("link", { name: new RegExp(who) });
    await expect(card).toContainText("Scheduled");
    await shoot(tab, "jobs-my-jobs");
    await card.click();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await expect(tab.getByRole("link", { name: /directions/ })).toHaveAttribute("href", /google\.com\/maps/);
    await expect(tab.getByText("Dog in the yard.")).toBeVisible();
    await shoot(tab, "job-scheduled");
    expect(await seriousViolations(tab), "the job screen").toEqual([]);

    // In the basement: no signal.
    await tablet.setOffline(true);
    const waiting = (n: number) => tab.getByRole("heading", { name: `Waiting to be sent (${n})` });
    await tab.getByRole("button", { name: "On My Way" }).click();
    await expect(waiting(1)).toBeVisible();
    await shoot(tab, "job-en-route");
    await tab.getByRole("button", { name: "Start Job" }).click();
    await expect(waiting(2)).toBeVisible();
    // Field evidence: Complete Job waits for the required checklist and a Before and an After photo.
    const service = (await (await request.get(`/api/services/${booking.serviceType}`)).json()) as {
      checklist: { label: string; required: boolean }[];
    };
    const required = service.checklist.filter((i) => i.required).map((i) => i.label);
    expect(required.length).toBeGreaterThan(0);
    await expect(tab.getByRole("button", { name: "Complete Job" })).toBeDisabled();
    await expect(
      tab.getByText(`Complete Job needs: ${[...required, "a Before photo", "an After photo"].join(", ")}.`),
    ).toBeVisible();
    await tab.getByLabel("Note", { exact: true }).fill("Heavy lint build-up behind the dryer; cleared 12 ft of duct.");
    await tab.getByRole("button", { name: "Add Note" }).click();
    await expect(waiting(3)).toBeVisible();
    await tab.getByRole("button", { name: "Before", exact: true }).click();
    await tab.getByLabel("Add Photo").setInputFiles(photo("duct-before.jpg"));
    await expect(waiting(4)).toBeVisible();
    await tab.getByRole("button", { name: "After", exact: true }).click();
    await tab.getByLabel("Add Photo").setInputFiles(photo("duct-after.jpg"));
    await expect(waiting(5)).toBeVisible();
    await expect(tab.getByRole("img", { name: /^(Before|After) photo/ })).toHaveCount(2);
    await expect(tab.getByText(`Complete Job needs: ${required.join(", ")}.`)).toBeVisible();
    for (const [i, label] of required.entries()) {
      // The tick shows once it is kept on the device (the box follows the queue, not the click).
      const box = tab.getByRole("checkbox", { name: new RegExp(`^${label}`) });
      await box.click();
      await expect(box).toBeChecked();
      await expect(waiting(6 + i)).toBeVisible();
    }
    const ticks = required.length;
    await expect(tab.getByRole("button", { name: "Complete Job" })).toBeEnabled();
    await shoot(tab, "job-on-site");
    await tab.getByRole("heading", { name: "Checklist", exact: true }).scrollIntoViewIfNeeded();
    await shoot(tab, "job-checklist");

    await tab.getByRole("button", { name: "Complete Job" }).click();
    const dialog = tab.getByRole("dialog", { name: "Complete Job" });
    await dialog.getByLabel("Final note (optional)").fill("All vents clear. Recommend a check in a year.");
    await sign(dialog.getByRole("img", { name: "Customer signature" }), tab);
    await shoot(tab, "job-signature");
    await dialog.getByRole("button", { name: "Save and Complete" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(waiting(7 + ticks)).toBeVisible();

    // The app is closed and opened again, still offline: everything is still there, waiting.
    await tab.reload();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await expect(waiting(7 + ticks)).toBeVisible();
    await expect(tab.getByText(/No connection: this is the job as of/)).toBeVisible();
    for (const label of required)
      await expect(tab.getByRole("checkbox", { name: new RegExp(`^${label}`) })).toBeChecked();
    await expect(tab.getByRole("img", { name: /^(Before|After) photo/ })).toHaveCount(2);
    await expect(tab.getByRole("img", { name: "Customer's signature" })).toBeVisible();
    await expect(tab.getByText("Completed").first()).toBeVisible();
    await shoot(tab, "job-completed-offline");
    // My Jobs opens from the device too, and says what waits.
    await tab.getByRole("link", { name: "← My Jobs" }).click();
    await expect(tab.getByText(/No connection: your jobs as of/)).toBeVisible();
    await expect(card).toContainText(`${7 + ticks} waiting to be sent`);
    await card.click();
    await expect(waiting(7 + ticks)).toBeVisible();

    // Signal again: sent by itself, each exactly once.
    await tablet.setOffline(false);
    await expect(tab.getByRole("heading", { name: /^Waiting to be sent/ })).toHaveCount(0, { timeout: 30_000 });
    await expect(tab.getByText(/No connection/)).toHaveCount(0);
    await shoot(tab, "job-completed");

    // The office's open details show the visit, without a reload.
    await expect(details).toContainText("Photos (2)");
    await expect(details).toContainText("Heavy lint build-up behind the dryer");
    await expect(details).toContainText(/Completed — /);
    await expect(details.getByRole("img", { name: "Customer's signature" })).toBeVisible();
    await expect(details).toContainText(`Checklist (${ticks} of ${service.checklist.length})`);
    for (const label of required) await expect(details.getByText(label)).toBeVisible();
    await snapshot(page, "booking-details-visit-1280");

    const stored = await request.get(`/api/bookings/${booking._id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const job = (await stored.json()) as {
      status: string;
      visit: { stage: string; history: { stage: string; at: string; receivedAt: string }[] };
      notes: unknown[];
      photos: unknown[];
      signature: unknown;
      checklist: { label: string; done: boolean; at: string | null; receivedAt: string | null }[];
    };
    expect(job.status).toBe("completed");
    expect(job.visit.stage).toBe("completed");
    expect(job.visit.history).toHaveLength(3);
    expect(job.notes).toHaveLength(2);
    expect(job.photos).toHaveLength(2);
    expect(job.signature).not.toBeNull();
    // The times things happened on the tablet, not when they reached the server after the signal came back.
    for (const entry of [...job.visit.history, ...job.checklist.filter((i) => i.done)]) {
      expect(Date.parse(entry.receivedAt!)).toBeGreaterThan(Date.parse(entry.at!));
    }
    expect(job.checklist.filter((i) => i.done).map((i) => i.label)).toEqual(required);

    // The customer's service report carries the two photos and the signature.
    const report = await waitForMail(email, /report/i, 30_000);
    const images = report.attachments.filter((a) => a.contentType.startsWith("image/"));
    expect(images.map((a) => a.contentType).sort()).toEqual(["image/jpeg", "image/jpeg", "image/png"]);
    for (const label of required) expect(report.text).toContain(`[x] ${label}`);
    const began = job.visit.history.find((h) => h.stage === "on_site")!.at;
    const clock = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TZ, hour: "numeric", minute: "2-digit" });
    expect(report.text).toContain(`Work began: ${clock.format(new Date(began))}`);
  });
});
