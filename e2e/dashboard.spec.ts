// The admin dashboard: stats, tabs, booking details, status, edit, delete, customers, services.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { bookingOnServer, createBooking, signIn, type Session } from "./support/api.ts";
import { bookingRow, expectStatsMatchServer, openDashboard, openSection } from "./support/dashboard.ts";
import { randomSlot, uniqueEmail, uniqueName } from "./support/data.ts";
import { field } from "./support/pages.ts";

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await signIn(context, request);
});

const columns = (page: Page) => page.getByRole("table").first().getByRole("columnheader");

test("header, the spec's cards equal to the server's summary, and one navigation with every office area", async ({
  page,
  request,
}) => {
  await createBooking(request);
  await openDashboard(page);
  await expect(page.getByText(/^Welcome back/)).toBeVisible();
  // Messages may carry an unread count ("Messages 3") from other tests' contact messages.
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link")).toHaveText([
    "Overview",
    "Bookings",
    "Schedule",
    "Customers",
    /^Messages/,
    "Services",
    "Staff",
    "Settings",
    "Reports",
    "Price Book",
  ]);
  // No second row of tabs, and one Logout: the account menu's.
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(page.locator(".adm-stats__label")).toHaveText([
    "Total Bookings",
    "Pending Bookings",
    "Completed",
    "Total Revenue",
    "Booked Value",
    "Collected This Month",
  ]);
  await expectStatsMatchServer(page, request, session.token);

  await expect(page.getByRole("heading", { name: "Recent Bookings" })).toBeVisible();
  await expect(columns(page)).toHaveText(["Customer", "Service", "Date & Time", "Amount", "Status", "Actions"]);
  const recentRows = page.getByRole("table").first().locator("tbody tr");
  expect(await recentRows.count()).toBeGreaterThan(0);
  expect(await recentRows.count()).toBeLessThanOrEqual(5);
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
  for (const name of ["Add New Service", "Add Staff Member"])
    await expect(page.getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
  // In the Quick Actions: the staff shell's sections have a Settings link too.
  const quickActions = page.getByRole("region", { name: "Quick Actions" });
  for (const name of ["Settings", "Generate Report"])
    await expect(quickActions.getByRole("link", { name, exact: true })).toBeVisible();

  await openSection(page, "Bookings");
  await expect(page.getByRole("heading", { name: "All Bookings" })).toBeVisible();
  await expect(columns(page)).toHaveText(["Customer", "Service", "Date & Time", "Amount", "Status", "Actions"]);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByText(/^Showing [\d,]+ of [\d,]+\+? bookings$/)).toBeVisible();

  await openSection(page, "Services");
  await expect(page.getByRole("heading", { name: "All Services" })).toBeVisible();
  await expect(columns(page)).toHaveText(["Title", "Price", "Duration", "Actions"]);
  await expect(bookingRow(page, "Air Duct Cleaning")).toContainText("$199.00");

  await openSection(page, "Customers");
  await expect(page.getByRole("heading", { name: "All Customers" })).toBeVisible();
  // The spec's columns, then the last visit beside them.
  await expect(columns(page)).toHaveText([
    "Name",
    "Email",
    "Phone",
    "Address",
    "Total Bookings",
    "Last visit",
    "Actions",
  ]);

  await openSection(page, "Messages");
  await expect(page.getByRole("heading", { name: "Messages", exact: true })).toBeVisible();

  await openSection(page, "Overview");
  await expect(page.getByRole("heading", { name: "Recent Bookings" })).toBeVisible();
});

test("the details modal shows every field of a booking, comments included", async ({ page, request }) => {
  const lastName = uniqueName("Details");
  const booking = await createBooking(request, {
    lastName,
    serviceType: "chimney-cleaning",
    unitCount: 2,
    furnaceOrUnit: "Furnace",
    comment: "Side gate code 4321",
  });
  await openDashboard(page, "/dashboard/bookings");
  await page.getByRole("button", { name: `View booking of Dana ${lastName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Booking Details" });
  for (const text of [
    `Dana ${lastName}`,
    booking.email,
    booking.contactNumber,
    "Chimney Cleaning",
    booking.cleaningTime,
    "100 Main St",
    "Charlotte",
    "Furnace",
    "$358.20",
    "Pending",
    "Side gate code 4321",
  ])
    await expect(dialog).toContainText(text);
  // The e-mails sent about the booking, with their recipients.
  const mails = dialog.getByRole("region", { name: "E-mails" });
  await expect(mails).toContainText(`Booking received (to customer) to ${booking.email}`);
  await expect(mails).toContainText("New booking (to business) to hello@clearflowclean.com");
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await expect(dialog).toHaveCount(0);
});

test("a status change shows in the badge, reaches the server and recomputes the stats", async ({ page, request }) => {
  const lastName = uniqueName("Status");
  const booking = await createBooking(request, { lastName });
  await openDashboard(page, "/dashboard/bookings");
  const row = bookingRow(page, lastName);
  await expect(row.locator(".adm-badge")).toHaveText("Pending");
  await row.getByRole("combobox", { name: `Status of Dana ${lastName}'s booking` }).selectOption("completed");
  await expect(row.locator(".adm-badge")).toHaveText("Completed");
  await expect.poll(async () => (await bookingOnServer(request, session.token, booking._id))?.status).toBe("completed");
  // Any status from any other.
  await row.getByRole("combobox").selectOption("pending");
  await expect(row.locator(".adm-badge")).toHaveText("Pending");
  await expect.poll(async () => (await bookingOnServer(request, session.token, booking._id))?.status).toBe("pending");
  // The Overview's cards are the server's figures after both.
  await openSection(page, "Overview");
  await expectStatsMatchServer(page, request, session.token);
});

test("the edit screen saves a changed booking and goes back to the dashboard", async ({ page, request }) => {
  const lastName = uniqueName("Edit");
  const booking = await createBooking(request, { lastName });
  const reads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === `/api/bookings/${booking._id}`) reads.push(r.url());
  });
  await openDashboard(page, "/dashboard/bookings");
  await page.getByRole("button", { name: `Edit booking of Dana ${lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/edit/${booking._id}$`));
  await expect(page.getByRole("heading", { name: "Edit Booking" })).toBeVisible();
  await expect(field(page, "Last Name")).toHaveValue(lastName);
  // The form and the visit's panel show the booking from one read.
  await expect(page.getByRole("region", { name: "Technician's visit" })).toBeVisible();
  expect(reads).toHaveLength(1);
  await field(page, "City").fill("Matthews");
  await field(page, "Number of Units").selectOption("2");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  await expect
    .poll(async () => await bookingOnServer(request, session.token, booking._id))
    .toMatchObject({ city: "Matthews", unitCount: 2, estimatedPrice: 178.2 });
  await expect(bookingRow(page, lastName)).toContainText("$178.20");
});

test("delete asks first: Cancel keeps the booking, OK removes it", async ({ page, request }) => {
  const lastName = uniqueName("Delete");
  const booking = await createBooking(request, { lastName });
  await openDashboard(page, "/dashboard/bookings");
  const prompts: string[] = [];
  let answer = false;
  page.on("dialog", (dialog) => {
    prompts.push(`${dialog.type()}: ${dialog.message()}`);
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  const remove = page.getByRole("button", { name: `Delete booking of Dana ${lastName}` });
  await remove.click();
  await expect.poll(() => prompts).toEqual(["confirm: Are you sure you want to delete this booking?"]);
  await expect(bookingRow(page, lastName)).toHaveCount(1);
  expect(await bookingOnServer(request, session.token, booking._id)).not.toBeNull();

  answer = true;
  await remove.click();
  await expect(bookingRow(page, lastName)).toHaveCount(0);
  expect(prompts).toHaveLength(2);
  expect(await bookingOnServer(request, session.token, booking._id)).toBeNull();
  await openSection(page, "Overview");
  await expectStatsMatchServer(page, request, session.token);
});

test("customers: one record per e-mail with its count, found by search, and its page with the booking history", async ({
  page,
  request,
}) => {
  const lastName = uniqueName("Customer");
  const email = uniqueEmail("customer");
  const first = randomSlot();
  let second = randomSlot();
  while (second.date === first.date) second = randomSlot();
  await createBooking(request, { lastName, email, ...{ cleaningDate: first.date, cleaningTime: first.time } });
  await createBooking(request, {
    lastName,
    email,
    serviceType: "brush-cleaning",
    cleaningDate: second.date,
    cleaningTime: second.time,
  });
  await openDashboard(page, "/dashboard/customers");
  await page.getByRole("searchbox", { name: "Search" }).fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(4)).toHaveText("2");
  await expect(row).toContainText("(704) 555-0100");
  await expect(row).toContainText("100 Main St");
  await row.getByRole("button", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { name: "Customer Details" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(`Dana ${lastName}`);
  await expect(main).toContainText(email);
  const history = page.getByRole("table", { name: /Booking History/i });
  await expect(history.getByRole("columnheader")).toHaveText(["Date", "Service", "Status", "Price"]);
  await expect(history.locator("tbody tr")).toHaveCount(2);
  await expect(history).toContainText("Dryer Vent Cleaning");
  await expect(history).toContainText("Brush Cleaning");
  await expect(history).toContainText("$99.00");
  await expect(history).toContainText("$179.00");
  // Back to the same search.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/customers\?q=/);
  await expect(row).toHaveCount(1);
});

test("services: add one with three packages, edit it, then delete it", async ({ page, request }) => {
  const title = `Attic Fan Cleaning ${uniqueName("")}`;
  await openDashboard(page, "/dashboard/services");
  await page.getByRole("button", { name: "Add New Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await field(dialog, "Title").fill(title);
  await field(dialog, "Image").fill("/images/services/air-duct-cleaning.svg");
  await field(dialog, "Description").fill("Attic fans cleaned and balanced.");
  await field(dialog, "Benefits").fill("Cooler attic, Quieter fan");
  await field(dialog, "Process").fill("Inspect, Clean, Test");
  await field(dialog, "Price ($)").fill("129");
  await field(dialog, "Duration").fill("1-2 hours");
  await field(dialog, "Coverage").fill("One attic fan");
  await dialog.getByRole("button", { name: "Add Package" }).click();
  await dialog.getByRole("button", { name: "Add Package" }).click();
  const packages = [
    { name: "Basic", price: "129", features: "Blade cleaning, Dust removal" },
    { name: "Plus", price: "179", features: "Blade cleaning, Motor check, Balancing" },
    { name: "Pro", price: "229", features: "Everything in Plus, Louver cleaning" },
  ];
  for (const [i, p] of packages.entries()) {
    const group = dialog.getByRole("group", { name: `Package ${i + 1}` });
    await field(group, "Package name").fill(p.name);
    await field(group, "Package price ($)").fill(p.price);
    await field(group, "Features").fill(p.features);
  }
  await dialog.getByRole("group", { name: "Package 2" }).getByLabel("Popular package").check();
  await dialog.getByRole("button", { name: "Add Service" }).click();
  await expect(dialog.getByText("Service added successfully!")).toBeVisible();
  // The form resets for the next service.
  await expect(field(dialog, "Title")).toHaveValue("");
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  const row = bookingRow(page, title);
  await expect(row).toContainText("$129.00");
  await expect(row).toContainText("1-2 hours");
  const stored = async () =>
    ((await (await request.get("/api/services")).json()) as { _id: string; title: string }[]).find(
      (s) => s.title === title,
    );
  const created = await stored();
  expect(created).toMatchObject({
    price: 129,
    benefits: ["Cooler attic", "Quieter fan"],
    process: ["Inspect", "Clean", "Test"],
    packages: [
      { name: "Basic", price: 129, features: ["Blade cleaning", "Dust removal"], isPopular: false },
      { name: "Plus", price: 179, features: ["Blade cleaning", "Motor check", "Balancing"], isPopular: true },
      { name: "Pro", price: 229, features: ["Everything in Plus", "Louver cleaning"], isPopular: false },
    ],
  });

  // Edit: a new price and duration, and one package fewer.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Service" });
  await expect(field(edit, "Title")).toHaveValue(title);
  await field(edit, "Price ($)").fill("139");
  await field(edit, "Duration").fill("2 hours");
  await edit.getByRole("button", { name: "Remove Package 3" }).click();
  await expect(edit.getByRole("group", { name: /^Package \d$/ })).toHaveCount(2);
  await edit.getByRole("button", { name: "Update Service" }).click();
  await expect(edit.getByText("Service updated successfully!")).toBeVisible();
  await edit.getByRole("button", { name: "Close", exact: true }).click();
  await expect(row).toContainText("$139.00");
  await expect(row).toContainText("2 hours");
  expect(await stored()).toMatchObject({
    price: 139,
    duration: "2 hours",
    packages: [{ name: "Basic" }, { name: "Plus" }],
  });

  // The public site shows it too.
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/services/${created!._id}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(publicPage.locator("li.package")).toHaveCount(2);
  await publicPage.close();

  // Delete, after the confirm.
  const prompts: string[] = [];
  page.on("dialog", (d) => {
    prompts.push(d.message());
    void d.accept();
  });
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(row).toHaveCount(0);
  expect(prompts).toEqual(["Are you sure you want to delete this service?"]);
  expect(await stored()).toBeUndefined();
});

test("the service form refuses a package without its required fields", async ({ page }) => {
  await openDashboard(page, "/dashboard/services");
  await page.getByRole("button", { name: "Add New Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await expect(dialog.getByRole("button", { name: /^Remove Package/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add Package" }).click();
  await expect(dialog.getByRole("button", { name: /^Remove Package/ })).toHaveCount(2);
  await dialog.getByRole("button", { name: "Add Service" }).click();
  await expect(dialog.locator('[aria-invalid="true"]').first()).toBeFocused();
  await expect(dialog.getByText("Service added successfully!")).toHaveCount(0);
});
