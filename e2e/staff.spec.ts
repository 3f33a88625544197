// Staff and assignment: the owner invites a technician, who sets a password on their own device; the owner
// gives a job to them on the Schedule's board and it appears on the technician's screen live; admin screens stay closed to them.
import { expect, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { createBooking, signIn } from "./support/api.ts";
import { addDays, BUSINESS_TZ, isSaturday, todayIn, uniqueEmail, uniqueName } from "./support/data.ts";
import { carryByKeyboard } from "./support/board.ts";
import { openDashboard, openSection } from "./support/dashboard.ts";
import { waitForMail } from "./support/mail.ts";

test("the owner invites a technician and assigns a job on the Schedule; the technician sees it live", async ({
  page,
  request,
  context,
  browser,
}) => {
  test.slow();
  await signIn(context, request);
  const name = uniqueName("Tia");
  const email = uniqueEmail("tech");

  await openDashboard(page);
  await page.getByRole("button", { name: "Add Staff Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Staff Member" });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByLabel("Role").selectOption("technician");
  await dialog.getByRole("button", { name: "Add and Invite" }).click();
  await expect(page.getByText(`${name} was added and an invitation was sent to ${email}.`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Invited");

  // The invitation, as the technician receives it.
  const mail = await waitForMail(email, /invit/i);
  const link = /https?:\/\/\S+\/invite\/[^\s"'<>)]+/.exec(mail.text ?? "")?.[0];
  expect(link, "an invitation link in the text part").toBeTruthy();

  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const tech = await tablet.newPage();
  await tech.goto(new URL(link!).pathname);
  await expect(tech.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
  expect(await seriousViolations(tech), "the invitation page").toEqual([]);
  await tech.getByLabel("New password").fill("Attic fans in Charlotte 2027");
  await tech.getByLabel("Repeat the password").fill("Attic fans in Charlotte 2027");
  await tech.getByRole("button", { name: "Set Password and Sign In" }).click();
  await expect(tech.getByRole("heading", { name: "My Jobs" })).toBeVisible();
  await expect(tech.getByText("Live updates on")).toBeVisible();

  // A job tomorrow (or the next open day), assigned on the Schedule.
  let day = addDays(todayIn(BUSINESS_TZ), 1);
  while (isSaturday(day)) day = addDays(day, 1);
  const customer = uniqueName("Sched");
  const booking = await createBooking(request, { lastName: customer, cleaningDate: day });
  await openSection(page, "Schedule");
  const title = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
  // Each click waits for the day it shows, so a click never lands on a render still on its way (which skipped the
  // day and looped past it on a loaded machine). The schedule opens on today, so the job is at most a few days on.
  const heading = page.getByRole("heading", { name: /^Schedule:/ });
  await expect(heading).toBeVisible();
  for (let clicks = 0; !((await heading.textContent()) ?? "").includes(title); clicks++) {
    expect(clicks, `the Schedule reaches ${title}`).toBeLessThan(3);
    const shown = await heading.textContent();
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(heading).not.toHaveText(shown ?? "");
  }
  // Given to the technician on the board by keyboard: picked up, carried across the lanes to theirs, dropped.
  const job = page.getByRole("button", { name: new RegExp(`^${booking.firstName} ${customer},`) });
  await carryByKeyboard(page, job, name, booking.cleaningTime);
  await expect(
    page
      .getByRole("group", { name, exact: true })
      .getByRole("button", { name: new RegExp(`^${booking.firstName} ${customer},`) }),
  ).toBeVisible();

  // On the technician's tablet, without a reload.
  await expect(tech.getByText(`${booking.firstName} ${customer}`, { exact: true })).toBeVisible();
  await snapshot(tech, "jobs-1024");
  expect(await seriousViolations(tech), "My Jobs").toEqual([]);

  // The admin screens are not theirs, and the server refuses their calls whatever the screen.
  await tech.goto("/dashboard");
  await expect(tech.getByRole("heading", { name: "My Jobs" })).toBeVisible();
  await expect(tech.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Staff" })).toHaveCount(0);

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `schedule-${viewport.width}`);
    await openSection(page, "Staff");
    await expect(page.getByRole("table", { name: "Staff members" })).toBeVisible();
    await snapshot(page, `staff-${viewport.width}`);
    await openSection(page, "Schedule");
  }
  await tablet.close();
});
