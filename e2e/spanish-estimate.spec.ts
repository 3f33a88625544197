// A customer who booked in Spanish opens their estimate from its e-mail on a phone: the server sends it written in
// Spanish (html lang es), and they approve it with their typed name, in Spanish. Their own page is in Spanish too,
// and its language switch changes their record.
import type { Page } from "@playwright/test";
import type { Estimate } from "../api/contracts/estimates/estimate.ts";
import { expect, snapshot, test } from "./fixtures.ts";
import { seriousViolations } from "./support/a11y.ts";
import { adminSession, createBooking, type Session } from "./support/api.ts";
import { nextWorkday, uniqueEmail, uniqueName } from "./support/data.ts";
import { openEstimateOnPhone, sendRepairEstimate } from "./support/estimates.ts";
import { waitForMail } from "./support/mail.ts";

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** Nothing wider than the screen: Spanish runs about a fifth longer than English. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

test("a customer who booked in Spanish opens their estimate at 390 px in Spanish and approves it", async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  const customer = uniqueName("Gómez");
  const email = uniqueEmail("espanol");
  const booking = await createBooking(request, {
    firstName: "Lucía",
    lastName: customer,
    email,
    cleaningDate: nextWorkday(),
    // The booking form sends the language on screen.
    ...({ locale: "es" } as object),
  });
  const estimate = await sendRepairEstimate(request, admin, booking._id, {
    titles: ["Reparación", "Reparación y protección"],
  });
  const { served } = await openEstimateOnPhone(page, request, estimate, email);

  // As the server sends it: in Spanish before any script has run.
  expect(served).toContain('<html lang="es" data-customer-lang>');
  expect(served).toContain(`<h1>Presupuesto ${estimate.number}</h1>`);

  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: `Presupuesto ${estimate.number}` })).toBeVisible();
  await expect(page.getByText(`Para Lucía ${customer}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Qué incluye Reparación y protección" })).toContainText("Bird guard");
  await expectNoOverflow(page);
  await snapshot(page, "spanish-estimate-390");
  expect(await seriousViolations(page), "the Spanish estimate").toEqual([]);

  await page.getByRole("button", { name: "Elegir Reparación y protección" }).click();
  await page.getByRole("textbox", { name: /Su nombre completo/ }).fill(`Lucía ${customer}`);
  await expectNoOverflow(page);
  await snapshot(page, "spanish-estimate-approve-390");
  await page.getByRole("button", { name: "Aprobar Reparación y protección – $158.00" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Aprobado." })).toContainText(
    `Lucía ${customer} aprobó Reparación y protección por $158.00 el `,
  );
  await expect(page.getByRole("button", { name: /^Elegir/ })).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "No elegida" })).toContainText("Reparación");
  await expectNoOverflow(page);
  await snapshot(page, "spanish-estimate-approved-390");

  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    await expectNoOverflow(page);
    await snapshot(page, `spanish-estimate-approved-${width}`);
  }

  const stored = await request.get(`/api/estimates/${estimate._id}`, { headers: auth(admin) });
  const after = ((await stored.json()) as { data: Estimate }).data;
  expect(after.status).toBe("approved");
  expect(after.approvedOptionId).toBe(after.options[1]!._id);
  // The device was not made Spanish for good: the customer's page is, the visitor chose nothing.
  expect(await page.evaluate(() => localStorage.getItem("clearflow.locale"))).toBeNull();
});

test("a customer who booked in Spanish has their own page in Spanish, and its switch changes their record", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("portal-es");
  const booking = await createBooking(request, { firstName: "Lucía", email, ...({ locale: "es" } as object) });
  expect((await request.post("/api/portal/sign-in", { data: { email } })).status()).toBe(202);
  const mail = await waitForMail(email, /sign-in link|enlace/i);
  // The sign-in e-mail in their language, subject and body, its time as Spanish writes it.
  expect(mail.subject).toMatch(/^Su enlace para entrar a /);
  expect(mail.text).toMatch(/El enlace funciona una sola vez, hasta las \d{1,2}:\d{2} [ap]\.m\./);
  const token = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1];
  expect(token, "a sign-in link in the e-mail").toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/portal/sign-in/${token}`);
  await expect(page.getByText(email)).toBeVisible();

  // Opened again (from an e-mail, a bookmark): the server writes it in the language on their record.
  await page.goto("/portal");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Sus visitas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Próximas visitas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mensajes de texto de nuestra parte" })).toBeVisible();
  const language = page.locator("#main").getByRole("group", { name: "Idioma" });
  await expect(language.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
  await expectNoOverflow(page);
  await snapshot(page, "spanish-portal-390");
  expect(await seriousViolations(page), "the Spanish portal").toEqual([]);
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    await expectNoOverflow(page);
    await snapshot(page, `spanish-portal-${width}`);
  }

  // A visit's page, served in Spanish too: its day, where it stands, moving or cancelling it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/portal/visits/${booking._id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: "‹ Todas sus visitas" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cambiar la fecha o cancelar" })).toBeVisible();
  await expect(page.getByText(/^Avísenos con al menos 24 horas/)).toBeVisible();
  await expectNoOverflow(page);
  await snapshot(page, "spanish-portal-visit-390");
  expect(await seriousViolations(page), "the Spanish visit page").toEqual([]);

  await page.goto("/portal");
  await language.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Upcoming visits" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const saved = await page.request.get("/api/portal/language");
  expect(await saved.json()).toEqual({ data: { locale: "en" } });
  const served = await (await page.request.get("/portal")).text();
  expect(served).toContain('<html lang="en" data-customer-lang>');
});
