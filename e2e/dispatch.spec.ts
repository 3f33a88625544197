// The dispatch board at a tablet's 1024 px: an unassigned job dragged to a technician with the mouse and with a
// finger, one moved by keyboard, an overlap the server refuses in words beside the card, the technician's open My Jobs
// receiving a job live, and a technician's day put in a shorter order; screenshots of the day and week views.
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import type { RouteProposal } from "../api/contracts/schedule/board.ts";
import { expect, snapshot, test } from "./fixtures.ts";
import {
  adminSession,
  bookingOnServer,
  createBooking,
  createTechnician,
  signInAs,
  type Session,
  type StoredBooking,
  type Technician,
} from "./support/api.ts";
import { addDays, BUSINESS_TZ, isSaturday, todayIn, uniqueName } from "./support/data.ts";
import { boardAnnouncement, carryByKeyboard, pickUp } from "./support/board.ts";
import { openDashboard } from "./support/dashboard.ts";

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

/**
 * A day far beyond the other specs' random bookings (10-200 days ahead), so this spec's lanes hold its own jobs. The
 * technicians are "Aaron…": lanes come in name order, so theirs stand next to Unassigned at 1024 px.
 */
function farDay(offset: number): string {
  let day = addDays(todayIn(BUSINESS_TZ), 230 + Math.floor(Math.random() * 60) + offset);
  while (isSaturday(day)) day = addDays(day, 1);
  return day;
}

const customer = (b: StoredBooking) => `${b.firstName} ${b.lastName}`;

/** The board's lanes on screen: Unassigned first, then the technicians. */
const lane = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const card = (page: Page, b: StoredBooking) => page.getByRole("button", { name: new RegExp(`^${customer(b)},`) });
const liveRegion = boardAnnouncement;

/** The office signed in on this context, and a new technician of its own. */
async function officeAndTechnician(context: BrowserContext, request: APIRequestContext) {
  const admin = await adminSession(request);
  await signInAs(context, admin);
  return { admin, tech: await createTechnician(request, admin, uniqueName("Aaron")) };
}

async function openBoard(page: Page, date: string, view: "day" | "week" = "day") {
  await openDashboard(page, `/dashboard/schedule?day=${date}${view === "week" ? "&view=week" : ""}`);
  await expect(page.getByRole("heading", { name: /^Schedule:/ })).toBeVisible();
  await expect(lane(page, "Unassigned").first()).toBeVisible();
}

/** Waits until the server holds the job with this technician and time. */
async function expectOnServer(
  request: Parameters<typeof bookingOnServer>[0],
  admin: Session,
  b: StoredBooking,
  want: { technicianId: string | null; cleaningTime: string },
) {
  await expect
    .poll(async () => {
      const now = await bookingOnServer(request, admin.token, b._id);
      return { technicianId: now?.technicianId ?? null, cleaningTime: now?.cleaningTime };
    })
    .toEqual(want);
}

/** Where a drag starts: a card's middle, a little below its top edge (where its slot is read). */
async function grip(from: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  return { x0: a.x + Math.min(a.width / 2, 30), y0: a.y + 10 };
}

/**
 * Moves the held card over `name`'s lane until the board names that lane and holds still: the lane is found again on
 * each try, as other specs' technicians may join the board (a live read) while the card is held, and a lane far to
 * the right is reached by the board scrolling itself under the held card, which may carry on after the board named
 * the lane and put another one under the pointer by the time the card is let go.
 */
async function overLane(page: Page, name: string, y: number, move: (x: number) => Promise<unknown>) {
  const twoFrames = () =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect
    .poll(async () => {
      const box = (await lane(page, name).boundingBox())!;
      await move(box.x + box.width / 2);
      await twoFrames();
      const still = (await lane(page, name).boundingBox())!.x === box.x;
      return still && ((await boardAnnouncement(page).textContent()) ?? "").startsWith(`${name}, `);
    })
    .toBe(true);
  const box = (await lane(page, name).boundingBox())!;
  return { x1: box.x + box.width / 2, y1: y };
}

async function dragWithMouse(page: Page, from: Locator, name: string) {
  const { x0, y0 } = await grip(from);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 12, y0, { steps: 3 });
  await expect(from).toHaveAttribute("data-dragging", "true");
  await overLane(page, name, y0, (x) => page.mouse.move(x, y0, { steps: 8 }));
  await page.mouse.up();
}

/** A finger held on the card until it lifts (dnd-kit's touch delay), then moved in real steps and lifted. */
async function dragWithFinger(page: Page, from: Locator, name: string) {
  const { x0, y0 } = await grip(from);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  await touch("touchStart", x0, y0);
  // The finger trembles within the tolerance while it is held, until the card is picked up.
  await expect
    .poll(async () => {
      await touch("touchMove", x0 + 1, y0);
      await touch("touchMove", x0, y0);
      return from.getAttribute("data-dragging");
    })
    .toBe("true");
  let x = x0;
  const { x1 } = await overLane(page, name, y0, async (to) => {
    for (let i = 1; i <= 8; i++) await touch("touchMove", x + ((to - x) * i) / 8, y0);
    x = to;
  });
  await touch("touchEnd", x1, y0);
  await cdp.detach();
}

test.describe.serial("a technician's day on the board", () => {
  // The refused move's 409 is the answer the board shows, not a failure of the page.
  test.use({ allowedErrors: [/status of 409/] });
  let admin: Session;
  let tech: Technician;
  let day: string;
  const jobs: Record<string, StoredBooking> = {};

  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    admin = await adminSession(request);
    tech = await createTechnician(request, admin, uniqueName("Aaron"));
    day = farDay(0);
    const at = (time: string, zip: string, city: string, tag: string) =>
      createBooking(request, { lastName: uniqueName(tag), cleaningDate: day, cleaningTime: time, zip, city });
    jobs.mouse = await at("9:00 AM", "28078", "Huntersville", "Mouse");
    jobs.finger = await at("1:00 PM", "28105", "Matthews", "Finger");
    jobs.keys = await at("3:00 PM", "28277", "Charlotte", "Keys");
    jobs.clash = await at("9:00 AM", "28999", "Charlotte", "Clash");
    await request.dispose();
  });

  test.beforeEach(async ({ context }) => {
    await signInAs(context, admin);
  });

  test("an unassigned job dragged to a technician with the mouse", async ({ page, request }) => {
    await openBoard(page, day);
    await dragWithMouse(page, card(page, jobs.mouse!), tech.name);
    await expect(
      lane(page, tech.name).getByRole("button", { name: new RegExp(`^${customer(jobs.mouse!)},`) }),
    ).toBeVisible();
    await expectOnServer(request, admin, jobs.mouse!, { technicianId: tech.session.user._id, cleaningTime: "9:00 AM" });
  });

  test("an unassigned job dragged to a technician with a finger", async ({ page, request }) => {
    await openBoard(page, day);
    await dragWithFinger(page, card(page, jobs.finger!), tech.name);
    await expect(
      lane(page, tech.name).getByRole("button", { name: new RegExp(`^${customer(jobs.finger!)},`) }),
    ).toBeVisible();
    await expectOnServer(request, admin, jobs.finger!, {
      technicianId: tech.session.user._id,
      cleaningTime: "1:00 PM",
    });
    // The drive from the Huntersville job to the Matthews one, written between the two cards.
    await expect(lane(page, tech.name).getByText(/^\d+ min drive$/)).toBeVisible();
  });

  test("a job moved by keyboard: to the technician's lane and an hour later", async ({ page, request }) => {
    await openBoard(page, day);
    await carryByKeyboard(page, card(page, jobs.keys!), tech.name, "4:00 PM");
    await expectOnServer(request, admin, jobs.keys!, { technicianId: tech.session.user._id, cleaningTime: "4:00 PM" });
    await expect(
      lane(page, tech.name).getByRole("button", { name: new RegExp(`^${customer(jobs.keys!)},.*4:00 PM–`) }),
    ).toBeVisible();
  });

  test("Escape puts a picked-up job back where it was", async ({ page, request }) => {
    await openBoard(page, day);
    await pickUp(page, card(page, jobs.clash!));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Escape");
    await expect(liveRegion(page)).toContainText("was cancelled");
    await expect(
      lane(page, "Unassigned").getByRole("button", { name: new RegExp(`^${customer(jobs.clash!)},`) }),
    ).toBeVisible();
    await expectOnServer(request, admin, jobs.clash!, { technicianId: null, cleaningTime: "9:00 AM" });
  });

  test("an overlap the server refuses snaps back with its words beside the card", async ({ page, request }) => {
    await openBoard(page, day);
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/bookings/${jobs.clash!._id}/move`));
    await dragWithMouse(page, card(page, jobs.clash!), tech.name);
    const answer = await refused;
    expect(answer.status()).toBe(409);
    const body = (await answer.json()) as { message: string; conflict: { kind: string } };
    expect(body.conflict.kind).toBe("overlap");
    const unassigned = lane(page, "Unassigned");
    await expect(unassigned.getByRole("alert")).toContainText(body.message);
    await expect(unassigned.getByRole("button", { name: new RegExp(`^${customer(jobs.clash!)},`) })).toBeVisible();
    await expect(unassigned.getByText("location approximate")).toBeVisible();
    await expectOnServer(request, admin, jobs.clash!, { technicianId: null, cleaningTime: "9:00 AM" });

    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await expect(unassigned.getByRole("alert")).toBeVisible();
      await snapshot(page, `dispatch-day-${width}`);
    }
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByRole("group", { name: new RegExp(`^${tech.name}, `) })).toHaveCount(5);
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await snapshot(page, `dispatch-week-${width}`);
    }
    // Back returns to the day view.
    await page.goBack();
    await expect(page).not.toHaveURL(/view=week/);
    await expect(page.getByRole("group", { name: tech.name, exact: true })).toBeVisible();
  });
});

test("a technician's day in a shorter order: the proposal, its minutes saved, and Apply", async ({
  page,
  context,
  request,
}) => {
  const { admin, tech } = await officeAndTechnician(context, request);
  const day = farDay(60);
  // North, south, north again: a day that drives past the city twice.
  const stops: [string, string, string][] = [
    ["9:00 AM", "28078", "Huntersville"],
    ["11:00 AM", "28134", "Pineville"],
    ["1:00 PM", "28031", "Cornelius"],
  ];
  const jobs: StoredBooking[] = [];
  for (const [time, zip, city] of stops) {
    const b = await createBooking(request, {
      lastName: uniqueName("Route"),
      cleaningDate: day,
      cleaningTime: time,
      zip,
      city,
    });
    const moved = await request.post(`/api/bookings/${b._id}/move`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { technicianId: tech.session.user._id, date: day, time, expectedVersion: b.version },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    jobs.push(b);
  }

  await openBoard(page, day);
  const proposed = page.waitForResponse((r) => r.url().endsWith("/api/schedule/route"));
  await page.getByRole("button", { name: `Order ${tech.name}'s day` }).click();
  const proposal = (await (await proposed).json()) as RouteProposal;
  expect(proposal.minutesSaved).toBeGreaterThan(0);
  expect(proposal.moves.length).toBeGreaterThan(0);
  const dialog = page.getByRole("dialog", { name: `Order ${tech.name}'s day` });
  await expect(dialog.getByText(`Saves ${proposal.minutesSaved} minutes of driving`)).toBeVisible();
  const order = dialog.getByRole("list", { name: "New order" }).getByRole("listitem");
  await expect(order).toHaveCount(3);
  const byId = new Map(jobs.map((j) => [j._id, j]));
  for (const [i, id] of proposal.order.entries()) await expect(order.nth(i)).toContainText(customer(byId.get(id)!));
  await snapshot(page, "dispatch-order-1024");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${tech.name}'s day is ordered:`)).toBeVisible();
  for (const move of proposal.moves) {
    await expect
      .poll(async () => (await bookingOnServer(request, admin.token, move.bookingId))?.cleaningTime)
      .toBe(move.time);
  }
});

test("the technician's open My Jobs shows a job the office gives them, without a reload", async ({
  page,
  context,
  request,
  openContext,
}) => {
  const { tech } = await officeAndTechnician(context, request);
  const day = farDay(30);
  const job = await createBooking(request, {
    lastName: uniqueName("Live"),
    cleaningDate: day,
    cleaningTime: "5:00 PM",
  });

  const tablet = await openContext();
  await signInAs(tablet.context, tech.session);
  await tablet.page.goto("/jobs");
  await expect(tablet.page.getByRole("heading", { name: "My Jobs" })).toBeVisible();
  await expect(tablet.page.getByText("Live updates on")).toBeVisible();
  await expect(tablet.page.getByText(customer(job), { exact: true })).toHaveCount(0);

  await openBoard(page, day);
  await carryByKeyboard(page, card(page, job), tech.name, "5:00 PM");
  await expect(lane(page, tech.name).getByRole("button", { name: new RegExp(`^${customer(job)},`) })).toBeVisible();

  await expect(tablet.page.getByText(customer(job), { exact: true })).toBeVisible();
});
