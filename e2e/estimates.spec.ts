// Estimates: a technician prices extra work from the price book on a tablet without signal, the customer signs one
// option there, and once the signal is back the office sees the approval live and the customer gets its PDF; and a
// customer approves an estimate sent by e-mail on a phone.
import type { Estimate } from "../api/contracts/estimates/estimate.ts";
import { expect, shootScreen, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { adminSession, assignedJob, createBooking, signIn, signInAs, type Session } from "./support/api.ts";
import { nextWorkday, uniqueEmail, uniqueName } from "./support/data.ts";
import { openDashboard } from "./support/dashboard.ts";
import { openEstimateOnPhone, sendRepairEstimate } from "./support/estimates.ts";
import { waitForMail } from "./support/mail.ts";
import { sign, waitForServiceWorker } from "./support/pages.ts";

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

test.describe("estimates", () => {
  // Offline, the socket and the API calls fail by design.
  test.use({
    serviceWorkers: "allow",
    allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed|WebSocket connection|socket/],
  });

  test("offline on the job, a two-option estimate from the price book, signed on the tablet, reaches the office live and the customer with its PDF", async ({
    page,
    request,
    context,
    openContext,
  }) => {
    test.slow();
    const admin = await adminSession(request);
    const { tech, email, booking, who } = await assignedJob(request, admin, {
      tech: "Eva",
      customer: "Quote",
    });

    // The office: its price book, then the dashboard left open.
    await signIn(context, request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/dashboard/price-book");
    const table = page.getByRole("table", { name: "Price book items" });
    await expect(table.getByRole("row").filter({ hasText: "UV light installation" })).toContainText("$449.00 / each");
    // An item the business no longer offers is archived, kept and shown as such.
    await table.getByRole("button", { name: "Archive Extra return vent" }).click();
    await expect(table.getByRole("row").filter({ hasText: "Extra return vent" })).toContainText("Archived");
    await snapshot(page, "price-book-1280");
    expect(await seriousViolations(page), "the price book").toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, "price-book-390");
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page, "/dashboard");

    // The technician's tablet, online once: the job and the price book are kept on the device.
    const { context: tablet, page: tab } = await openContext();
    await signInAs(tablet, tech.session);
    await tab.setViewportSize({ width: 1024, height: 768 });
    await tab.goto("/jobs");
    await waitForServiceWorker(tab);
    const priceBookKept = tab.waitForResponse((r) => r.url().endsWith("/api/price-book") && r.ok());
    await tab.getByRole("link", { name: new RegExp(who) }).click();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await priceBookKept;
    const estimates = tab.getByRole("region", { name: "Estimates" });
    await expect(estimates).toContainText("No estimates yet.");

    // In the basement: no signal. Two options from the price book, searched as typed.
    await tablet.setOffline(true);
    await estimates.getByRole("button", { name: "New Estimate" }).click();
    const builder = tab.getByRole("dialog", { name: "New Estimate" });
    const search = builder.getByRole("searchbox", { name: "Search the price book" });
    await search.fill("coil clean");
    await expect(builder.getByRole("list", { name: "Price book items" }).getByRole("button")).toHaveCount(1);
    await builder.getByRole("button", { name: "Add Evaporator coil cleaning to Good" }).click();
    await builder.getByRole("button", { name: /Add option 2/ }).click();
    await search.fill("uv");
    await builder.getByRole("button", { name: "Add UV light installation to Better" }).click();
    await search.fill("");
    await expect(builder.getByTestId("option-1-total")).toHaveText("$199.00");
    await expect(builder.getByTestId("option-2-total")).toHaveText("$648.00");
    expect(await seriousViolations(tab), "the estimate builder").toEqual([]);
    await builder.getByTestId("option-2-total").scrollIntoViewIfNeeded();
    await shootScreen(tab, "estimate-builder-1024");
    await builder.getByRole("button", { name: "Save Estimate" }).click();
    await expect(builder).toHaveCount(0);
    const row = estimates.getByTestId("estimate-row");
    await expect(row).toContainText("New estimate");
    await expect(row).toContainText("Waiting to be sent");

    // The tablet handed over: the customer picks option 2, types their name and signs.
    await row.getByRole("button", { name: "Have the Customer Sign" }).click();
    const signing = tab.getByRole("dialog", { name: "Your Estimate" });
    await expect(signing.getByRole("heading", { level: 3 })).toHaveText(["Good", "Better"]);
    await signing.getByRole("button", { name: "Choose Better" }).click();
    await signing.getByRole("textbox", { name: /Your full name/ }).fill(who);
    await signing.getByRole("heading", { name: "Good" }).scrollIntoViewIfNeeded();
    await shootScreen(tab, "estimate-signing-1024");
    expect(await seriousViolations(tab), "the signing step").toEqual([]);
    await sign(signing.getByRole("img", { name: "Your signature" }), tab);
    await shootScreen(tab, "estimate-signing-signed-1024");
    await signing.getByRole("button", { name: "Approve Better – $648.00" }).click();
    await expect(signing).toHaveCount(0);
    await expect(row).toContainText("Approved");
    await expect(row).toContainText("Waiting to be sent");
    await expect(tab.getByTestId("approved-work-total")).toHaveText("$648.00");
    await snapshot(tab, "estimate-approved-offline-1024");

    // Signal again: the estimate is sent and numbered, its approval follows it once.
    await tablet.setOffline(false);
    await expect(row).not.toContainText("Waiting to be sent", { timeout: 30_000 });
    await expect(row.locator(".estimate-row__number")).toHaveText(/^E-\d+$/);
    const number = (await row.locator(".estimate-row__number").textContent())!;

    // The office's open dashboard hears it, without a reload.
    const notice = page.getByTestId("estimate-approved").filter({ hasText: number });
    await expect(notice).toContainText(`${who} approved Better for $648.00 on site`);
    await snapshot(page, "estimate-approved-dashboard-1280");

    const listed = await request.get(`/api/estimates?bookingId=${booking._id}`, { headers: auth(admin) });
    const stored = ((await listed.json()) as { data: Estimate[] }).data;
    expect(stored).toHaveLength(1);
    const [estimate] = stored;
    expect(estimate!.status).toBe("approved");
    expect(estimate!.approvedOptionId).toBe(estimate!.options[1]!._id);
    expect(estimate!.approval).toMatchObject({ via: "on-site", signedBy: who });
    expect(Date.parse(estimate!.approval!.receivedAt)).toBeGreaterThan(Date.parse(estimate!.approval!.at));

    // The customer's copy of what they approved, with the PDF.
    const mail = await waitForMail(email, new RegExp(`^Approved: estimate ${number}`), 30_000);
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf, "a PDF attachment").toBeTruthy();
    expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("a sent estimate is approved on a phone through the link in its e-mail", async ({ page, request }) => {
    const admin = await adminSession(request);
    const customer = uniqueName("Phone");
    const email = uniqueEmail("phone");
    const booking = await createBooking(request, { lastName: customer, email, cleaningDate: nextWorkday() });
    const estimate = await sendRepairEstimate(request, admin, booking._id, {
      message: "The dryer transition behind the unit is crushed.",
    });
    const { mail, served } = await openEstimateOnPhone(page, request, estimate, email);
    expect(mail.subject).toMatch(new RegExp(`^Your estimate ${estimate.number}`));
    // As the server sends it, the page already shows the estimate: a phone paints it before any script has run.
    expect(served).toContain(`<h1>Estimate ${estimate.number}</h1>`);
    await expect(page.getByRole("heading", { level: 1, name: `Estimate ${estimate.number}` })).toBeVisible();
    await expect(page.getByText(`For ${booking.firstName} ${customer}`)).toBeVisible();
    await expect(page.getByRole("list", { name: "What Repair and protect includes" })).toContainText("Bird guard");
    await snapshot(page, "estimate-public-390");
    expect(await seriousViolations(page), "the customer's estimate").toEqual([]);
    await page.getByRole("button", { name: "Choose Repair and protect" }).click();
    await page.getByRole("textbox", { name: /Your full name/ }).fill(`${booking.firstName} ${customer}`);
    await snapshot(page, "estimate-public-approve-390");
    await page.getByRole("button", { name: "Approve Repair and protect – $158.00" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Approved." })).toContainText(
      `${booking.firstName} ${customer} approved Repair and protect for $158.00`,
    );
    await expect(page.getByRole("button", { name: /^Choose/ })).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: "Not chosen" })).toContainText("Repair");
    await snapshot(page, "estimate-public-approved-390");
    expect(await seriousViolations(page), "the approved estimate").toEqual([]);

    const stored = await request.get(`/api/estimates/${estimate._id}`, { headers: auth(admin) });
    const after = ((await stored.json()) as { data: Estimate }).data;
    expect(after.status).toBe("approved");
    expect(after.approval).toMatchObject({ via: "link" });
    expect(after.approvedOptionId).toBe(after.options[1]!._id);
  });
});
