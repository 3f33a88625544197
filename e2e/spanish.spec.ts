// Spanish: a visitor's switch in the header, the booking form in Spanish, and the Spanish confirmation e-mail.
import type { Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures.ts";
import { bookingPayload, uniqueEmail } from "./support/data.ts";
import { calendarOf, manageLinkOf, waitForMail } from "./support/mail.ts";
import { fillBookingForm } from "./support/pages.ts";

const SPANISH_LABELS = {
  form: "Formulario de cita",
  firstName: "Nombre",
  lastName: "Apellido",
  email: "Correo electrónico",
  contactNumber: "Teléfono de contacto",
  homeAddress: "Dirección de la casa",
  city: "Ciudad",
  zip: "Código postal",
  serviceType: "Tipo de servicio",
  unitCount: "Número de equipos",
  date: "Fecha preferida",
  time: "Hora preferida",
  checking: "Buscando horarios disponibles…",
};

/** Nothing wider than the screen: Spanish runs about a fifth longer than English. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

test("a customer at 390 px switches to Español, books, and receives the Spanish confirmation", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/booking");
  await page.locator(".top-bar").getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("form", { name: "Formulario de cita" })).toBeVisible();
  await expect(page.getByText("Horario:")).toBeVisible();
  await expectNoOverflow(page);
  await snapshot(page, "spanish-booking-390");

  const booking = bookingPayload({ serviceType: "air-duct-cleaning" });
  await fillBookingForm(page, booking, SPANISH_LABELS);
  await page.getByRole("button", { name: "Agendar cita" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Gracias! Su cita está confirmada");
  await expectNoOverflow(page);
  await snapshot(page, "spanish-thank-you-390");

  const mail = await waitForMail(booking.email, /^Cita recibida: Limpieza de ductos de aire el /);
  expect(mail.text).toContain("Le llamaremos dentro de 24 horas para confirmar su cita.");
  const calendar = calendarOf(mail);
  expect(calendar.summary).toMatch(/^Limpieza de ductos de aire: /);

  // The choice is kept on the device: the next page opens in Spanish.
  await page.goto("/booking");
  await expect(page.getByRole("form", { name: "Formulario de cita" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("the Spanish pages fit at 1024 and 1280 px, and the footer switch goes back to English", async ({ page }) => {
  await page.goto("/booking");
  await page.evaluate(() => localStorage.setItem("clearflow.locale", "es"));
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto("/booking");
    await expect(page.getByRole("form", { name: "Formulario de cita" })).toBeVisible();
    await expectNoOverflow(page);
    await snapshot(page, `spanish-booking-${width}`);
  }
  await page.locator(".site-footer").getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("form", { name: "Booking form" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

/** A visitor who chose Español on this device before (the choice is kept in localStorage). */
async function chooseSpanish(page: Page) {
  await page.goto("/about");
  await page.evaluate(() => localStorage.setItem("clearflow.locale", "es"));
}

test("the home page and a service page in Spanish at 390, 1024 and 1280 px", async ({ page }) => {
  await chooseSpanish(page);
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Ductos limpios. Aire más sano. Un hogar que respira mejor." }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: "Técnicos certificados" })).toBeVisible();
    await expect(page.getByText("Clientes satisfechos")).toBeVisible();
    // The featured services' own words: their Spanish title and description (migration 037's seed).
    await expect(page.getByRole("heading", { level: 3, name: "Limpieza profunda" })).toBeVisible();
    await expect(page.getByText(/^Nuestra limpieza profunda cubre todo el recorrido del aire/)).toBeVisible();
    await expectNoOverflow(page);
    await snapshot(page, `spanish-home-${width}`);

    await page.goto("/services/air-duct-cleaning");
    await expect(page.getByRole("heading", { level: 1, name: "Limpieza de ductos de aire" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Paquetes y precios" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sobre este servicio" })).toBeVisible();
    await expect(page.getByText(/^Limpiamos cada ducto de suministro y de retorno de su casa/)).toBeVisible();
    // Its benefits, duration and packages too (migration 039's seed); a package's link keeps its English name.
    await expect(page.getByText("Menos polvo sobre los muebles entre una limpieza y otra")).toBeVisible();
    await expect(page.getByText("Limpieza del ducto troncal principal")).toBeVisible();
    await expect(page.getByText("Duración del servicio: 2 a 4 horas").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Agendar el paquete Estándar" })).toHaveAttribute(
      "href",
      "/booking/air-duct-cleaning?package=standard",
    );
    await expectNoOverflow(page);
    await snapshot(page, `spanish-service-${width}`);
  }
});

test("about, gallery, contact, privacy, terms and a missing page in Spanish at 390 and 1280 px", async ({ page }) => {
  await chooseSpanish(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: /^Acerca de / })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nuestros valores" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Saltar al contenido" })).toHaveAttribute("href", "#main");
    await expectNoOverflow(page);
    await snapshot(page, `spanish-about-${width}`);

    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1, name: "Nuestro trabajo" })).toBeVisible();
    await page.getByRole("button", { name: "Ventilas de secadora" }).click();
    await expect(page.getByRole("button", { name: /^Ver en grande: / })).toHaveCount(2);
    await expectNoOverflow(page);

    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contáctenos" })).toBeVisible();
    await expect(page.getByLabel("Nombre completo")).toBeVisible();
    await expect(page.getByRole("combobox", { name: /^Servicio/ })).toContainText("Seleccione un servicio");
    await expect(page.getByRole("button", { name: "Enviar mensaje" })).toBeEnabled();
    await expectNoOverflow(page);
    await snapshot(page, `spanish-contact-${width}`);

    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Política de privacidad" })).toBeVisible();
    await expect(page.getByText(/^Última actualización: /)).toBeVisible();
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Términos del servicio" })).toBeVisible();
    await expectNoOverflow(page);

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();
  }
});

test("the booking form's shared fields in Spanish", async ({ page }) => {
  await chooseSpanish(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/booking/dryer-vent-cleaning");
  await expect(page.getByRole("form", { name: "Formulario de cita" })).toBeVisible();
  await expect(page.getByLabel("Número de equipos")).toBeVisible();
  await page.getByLabel("Número de equipos").selectOption("2");
  await expect(page.getByText("Precio estimado")).toBeVisible();
  await expect(page.getByText("Descuento (10%)")).toBeVisible();
  await expect(page.getByTestId("price-total")).toHaveText("$178.20");
  await expect(page.getByLabel("Fecha preferida")).toBeVisible();
  await expect(page.getByLabel("Hora preferida")).toBeVisible();
  await expectNoOverflow(page);
  await snapshot(page, "spanish-booking-fields-390");
});

test("the manage page in Spanish, from the link of a Spanish confirmation, cancels in Spanish", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("es-manage");
  // Booked in Spanish, as the form sends it; another spec may hold the random slot (409): another one will do.
  for (let attempt = 1; ; attempt++) {
    const payload = { ...bookingPayload({ email, serviceType: "air-duct-cleaning", unitCount: 2 }), locale: "es" };
    const response = await request.post("/api/bookings", { data: payload });
    if (response.status() === 409 && attempt < 8) continue;
    expect(response.status(), await response.text()).toBe(201);
    break;
  }
  const mail = await waitForMail(email, /^Cita recibida: /);
  const link = new URL(manageLinkOf(mail));
  await chooseSpanish(page);
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.goto(link.pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Administrar su cita" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Su cita", exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("Limpieza de ductos de aire")).toBeVisible();
    await expect(page.getByText("Pendiente")).toBeVisible();
    await expect(page.getByText(/^Puede cambiarla aquí hasta el/)).toBeVisible();
    await expectNoOverflow(page);
    await snapshot(page, `spanish-manage-${width}`);
  }
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("¿Cancelar esta cita de limpieza?");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Cancelar la cita" }).click();
  await expect(page.getByText("Su cita está cancelada. Le enviamos un correo de confirmación.")).toBeVisible();
  await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
});
