import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CUSTOMER_LANG_ATTRIBUTE, pageDataBlock, type PageData } from "@contracts/common/page-data.ts";
import { PORTAL_HOME_PATHS, PORTAL_SESSION_PATH, portalVisitPath } from "@contracts/portal/portal.ts";
import type { JoinOffer, Membership } from "@contracts/plans/plan.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { renderPage } from "../../entry-prerender.tsx";
import { I18nProvider, loadTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { readPageDataAgainForTests } from "../../lib/pageData.tsx";
import { json, mockFetch } from "../../test/fetch.ts";
import { ESTIMATES, INVOICES, SESSION, visitDetails, VISITS } from "../../test/portalFixtures.ts";
import { NO_CONNECTION_TEXT } from "../../lib/http.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import { failureMessages } from "./failure.ts";
import PortalPage from "./PortalPage.tsx";
import RatePage from "./RatePage.tsx";
import { savePortalSession } from "./session.ts";
import SignInLinkPage from "./SignInLinkPage.tsx";

const PLAN: Membership = {
  _id: "m1",
  customerId: "c1",
  propertyId: "h1",
  address: "1200 East Blvd, Charlotte, NC 28203",
  plan: {
    _id: "p1",
    name: "Clean Air Club",
    priceCents: 1900,
    period: "month",
    memberDiscountPercent: 15,
    visits: [{ serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 }],
  },
  start: "2026-01-05",
  payment: "card-link",
  status: "cancelling",
  checkoutUrl: null,
  card: { brand: "visa", last4: "4242" },
  currentPeriodEnd: "2027-01-05T00:00:00.000Z",
  visits: [],
  nextVisits: [{ serviceType: "dryer-vent-cleaning", dueDate: "2027-01-05" }],
  invoices: [],
  history: [],
  createdAt: "2026-01-05T15:00:00.000Z",
};

const OFFER: JoinOffer = {
  plans: [{ ...PLAN.plan, description: "" }],
  properties: [{ _id: "h2", address: "8 Pine St, Charlotte, NC 28203" }],
  online: true,
};

const HOME: PageData = {
  [PORTAL_SESSION_PATH]: SESSION,
  [PORTAL_HOME_PATHS.visits]: VISITS,
  [PORTAL_HOME_PATHS.estimates]: ESTIMATES,
  [PORTAL_HOME_PATHS.invoices]: INVOICES,
  [PORTAL_HOME_PATHS.preferences]: { visitReminders: true, yearlyReminders: true },
  [PORTAL_HOME_PATHS.smsConsent]: { phone: "+17045550131", consent: "none", at: null, source: null, disclosure: null },
  [PORTAL_HOME_PATHS.memberships]: [PLAN],
  [PORTAL_HOME_PATHS.offer]: OFFER,
  [PORTAL_HOME_PATHS.language]: { locale: "es" },
};

beforeEach(() => {
  resetLocaleForTests();
  readPageDataAgainForTests();
  localStorage.clear();
  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
});

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.lang = "en";
  document.documentElement.removeAttribute(CUSTOMER_LANG_ATTRIBUTE);
  vi.unstubAllGlobals();
});

/** A customer's page as the server sends it to a customer whose record says Spanish (api/http/document-pages.ts). */
async function served(path: string, data: PageData) {
  const { root: markup } = await renderPage(path, DEFAULT_PROFILE, data, "es");
  document.documentElement.lang = "es";
  document.documentElement.setAttribute(CUSTOMER_LANG_ATTRIBUTE, "");
  document.body.innerHTML = `<div id="root">${markup}</div>${pageDataBlock(data)}`;
  return document.getElementById("root")!;
}

describe("the customer's pages a Spanish device renders itself", () => {
  it("the rating link's page: the visit, the stars and the thanks in Spanish", async () => {
    mockFetch({
      ...SPANISH_CATALOG,
      "/api/portal/ratings/tok-3": () =>
        json({
          data: {
            serviceTitle: "Limpieza de ductos de aire",
            locale: "es",
            cleaningDate: "2025-12-02",
            technicianFirstName: "Ann",
            rating: null,
          },
        }),
      "POST /api/portal/ratings/tok-3": () => json({ data: { stars: 5 } }, 201),
    });
    await loadTranslator("es", "public");
    renderInSpanish(<RatePage />, "/portal/rate/tok-3?stars=5", "/portal/rate/:token");
    expect(screen.getByRole("heading", { level: 1, name: "¿Cómo lo hicimos?" })).toBeInTheDocument();
    expect(
      await screen.findByText("Su Limpieza de ductos de aire del martes, 2 de diciembre de 2025 con Ann"),
    ).toBeInTheDocument();
    expect(screen.getByText("5 de 5: Excelente")).toBeInTheDocument();
    expect(screen.getByLabelText("¿Algo más que decirnos? (opcional)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Enviar mi calificación" }));
    expect(await screen.findByText("¡Gracias!")).toBeInTheDocument();
    expect(screen.getByText(/^Nos alegra que la visita haya salido bien. Sus 5 estrellas/)).toBeInTheDocument();
  });

  it("the rating link's page follows the customer's record on a device that chose no language", async () => {
    mockFetch({
      ...SPANISH_CATALOG,
      "/api/portal/ratings/tok-4": () =>
        json({
          data: {
            serviceTitle: "Limpieza de ductos de aire",
            locale: "es",
            cleaningDate: "2025-12-02",
            technicianFirstName: null,
            rating: { stars: 4 },
          },
        }),
    });
    renderRoute(<I18nProvider area="public">{<RatePage />}</I18nProvider>, "/portal/rate/tok-4", "/portal/rate/:token");
    expect(await screen.findByText("Usted calificó esta visita con 4 de 5. ¡Gracias!")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("es");
    // Theirs, not the device's: nothing is kept as the visitor's own choice.
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
  });

  it("the customer's page the browser renders itself (after the sign-in link) follows the customer's record", async () => {
    savePortalSession(SESSION);
    mockFetch({
      ...SPANISH_CATALOG,
      "/api/portal/language": () => json({ data: { locale: "es" } }),
      "/api/portal/visits": () => json({ data: VISITS }),
      "/api/portal/estimates": () => json({ data: ESTIMATES }),
      "/api/portal/invoices": () => json({ data: INVOICES }),
      "/api/portal/preferences": () => json({ data: { visitReminders: true, yearlyReminders: true } }),
    });
    renderRoute(<I18nProvider area="public">{<PortalPage />}</I18nProvider>, "/portal");
    expect(await screen.findByRole("heading", { name: "Próximas visitas" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Presupuestos" })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
  });

  it("says in Spanish that the server could not be reached", async () => {
    mockFetch({
      ...SPANISH_CATALOG,
      "/api/portal/ratings/tok-5": () =>
        json({
          data: {
            serviceTitle: "Limpieza de ductos de aire",
            locale: "es",
            cleaningDate: "2025-12-02",
            technicianFirstName: null,
            rating: null,
          },
        }),
    });
    await loadTranslator("es", "public");
    renderInSpanish(<RatePage />, "/portal/rate/tok-5?stars=3", "/portal/rate/:token");
    await userEvent.click(await screen.findByRole("button", { name: "Enviar mi calificación" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No pudimos comunicarnos con el servidor. Inténtelo de nuevo.",
    );
  });

  it("the sign-in link's page: its title, and a link that did not work, in Spanish", async () => {
    mockFetch({ ...SPANISH_CATALOG, "POST /api/portal/sessions": () => json({ message: "" }, 500) });
    await loadTranslator("es", "public");
    renderInSpanish(<SignInLinkPage />, "/portal/sign-in/tok-x", "/portal/sign-in/:token");
    expect(screen.getByRole("heading", { level: 1, name: "Iniciando sesión" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Ese enlace para entrar no funcionó."));
    expect(screen.getByText("Pida un enlace nuevo:")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviarme un enlace para entrar" })).toBeInTheDocument();
    expect(screen.getByLabelText("Correo electrónico")).toBeInTheDocument();
  });
});

describe("the customer's page of a customer who booked in Spanish", () => {
  it("writes the estimates and invoices lists in Spanish, with Spanish days", async () => {
    await served("/portal", HOME);
    const estimates = screen.getByRole("region", { name: "Presupuestos" });
    expect(within(estimates).getByRole("heading", { level: 3, name: "Por aprobar" })).toBeInTheDocument();
    expect(within(estimates).getByText("Presupuesto E-1001")).toBeInTheDocument();
    expect(within(estimates).getByText("Espera su respuesta")).toBeInTheDocument();
    expect(within(estimates).getByRole("link", { name: "Revisar y aprobar" })).toBeInTheDocument();
    expect(within(estimates).getByText("2 opciones, de $99.00 a $138.00")).toBeInTheDocument();
    expect(within(estimates).getByText(/válido hasta el 27 dic 2026$/)).toBeInTheDocument();
    expect(within(estimates).getByText("Aprobado por Dana Whitfield el 2 nov 2026")).toBeInTheDocument();
    const invoices = screen.getByRole("region", { name: "Facturas" });
    expect(within(invoices).getByText("Factura INV-000001")).toBeInTheDocument();
    expect(within(invoices).getByText("Pagada en parte")).toBeInTheDocument();
    expect(within(invoices).getByRole("link", { name: "Pagar ahora" })).toBeInTheDocument();
    expect(within(invoices).getByText(/vence el 4 dic 2026$/)).toBeInTheDocument();
    expect(within(invoices).getByRole("list", { name: "Pagos de la factura INV-000000" })).toHaveTextContent(
      "Tarjeta · $358.20 · 2 dic 2025",
    );
    expect(within(invoices).getByRole("link", { name: "Recibo" })).toBeInTheDocument();
    expect(screen.getAllByText(/^martes, 8 de diciembre de 2026 · 9:00 AM$/)).toHaveLength(1);
    expect(screen.getByText(/^martes, 2 de diciembre de 2025/)).toBeInTheDocument();
    for (const part of [estimates, invoices]) {
      expect(within(part).queryByText(/Estimate|Invoice|Approved|valid until|due |Pay now|Receipt|Card/)).toBeNull();
    }
  });

  it("writes the text switch and its disclosure in Spanish (the disclosure kept with the consent is the one read)", async () => {
    await served("/portal", HOME);
    const texts = screen.getByRole("region", { name: "Mensajes de texto de nuestra parte" });
    const box = within(texts).getByRole("checkbox", {
      name: "Enviarme mensajes de texto sobre mis visitas al (704) 555-0131",
    });
    expect(box).toHaveAccessibleDescription(
      /^ClearFlow .* le enviará mensajes de texto sobre esta visita.*HELP para ayuda\.$/,
    );
  });

  it("writes a member's plan and the plans on sale in Spanish", async () => {
    await served("/portal", HOME);
    const plan = screen.getByRole("region", { name: "Su plan" });
    expect(within(plan).getByText("Clean Air Club · $19.00 / mes")).toBeInTheDocument();
    expect(
      within(plan).getByText(/^Termina al final del período el martes, 5 de enero de 2027 · 15 % de descuento/),
    ).toBeInTheDocument();
    expect(within(plan).getByText(/Tarjeta registrada:/)).toHaveTextContent(
      "Tarjeta registrada: visa terminada en 4242",
    );
    expect(within(plan).getByText("Próximas visitas")).toBeInTheDocument();
    const join = screen.getByRole("region", { name: "Planes de servicio" });
    expect(within(join).getByText(/cada año$/)).toBeInTheDocument();
    expect(within(join).getByText("Para 8 Pine St, Charlotte, NC 28203")).toBeInTheDocument();
    expect(within(join).getByRole("button", { name: "Unirse a Clean Air Club" })).toBeInTheDocument();
  });

  it("writes a done visit's page in Spanish: its day, its report, its times as es-US writes them, the rating", async () => {
    const details = visitDetails();
    await served("/portal/visits/v0", {
      [PORTAL_SESSION_PATH]: SESSION,
      [PORTAL_HOME_PATHS.language]: { locale: "es" },
      [portalVisitPath("v0")]: details,
    });
    expect(screen.getByRole("link", { name: "‹ Todas sus visitas" })).toBeInTheDocument();
    expect(screen.getByText("martes, 2 de diciembre de 2025 · 9:00 AM")).toBeInTheDocument();
    expect(screen.getByText("Técnico: Ann")).toBeInTheDocument();
    const report = screen.getByRole("region", { name: "Informe de servicio" });
    expect(
      within(report).getByText("El trabajo empezó a las 9:05 a.m. · terminó a las 11:10 a.m."),
    ).toBeInTheDocument();
    expect(within(report).getByText("En camino")).toBeInTheDocument();
    expect(within(report).getByText("2 dic, 8:40 a.m.")).toBeInTheDocument();
    expect(within(report).getByRole("heading", { name: "Lista de tareas" })).toBeInTheDocument();
    expect(within(report).getByText("(no se hizo)")).toBeInTheDocument();
    expect(within(report).getByRole("heading", { name: "Notas del técnico" })).toBeInTheDocument();
    expect(within(report).getByText("Usted no estaba presente para firmar.")).toBeInTheDocument();
    const rating = screen.getByRole("region", { name: "¿Cómo lo hicimos?" });
    expect(within(rating).getByRole("group", { name: "Su calificación" })).toBeInTheDocument();
    expect(within(rating).getByRole("radio", { name: "5 estrellas: Excelente" })).toBeInTheDocument();
    expect(within(rating).getByRole("radio", { name: "1 estrella: Mala" })).toBeInTheDocument();
    expect(within(rating).getByRole("button", { name: "Enviar mi calificación" })).toBeDisabled();
  });

  it("writes an upcoming visit's change section in Spanish", async () => {
    const upcoming = visitDetails({ _id: "v1", status: "confirmed", visitStage: "scheduled", changeable: false });
    await served("/portal/visits/v1", {
      [PORTAL_SESSION_PATH]: SESSION,
      [PORTAL_HOME_PATHS.language]: { locale: "es" },
      [portalVisitPath("v1")]: upcoming,
    });
    const change = screen.getByRole("region", { name: "Cambiar la fecha o cancelar" });
    expect(within(change).getByText(/^Avísenos con al menos 24 horas/)).toBeInTheDocument();
    expect(within(change).getByText(/^Los cambios se pueden hacer hasta 24 horas antes/)).toBeInTheDocument();
  });
});

describe("the customer's page in English", () => {
  it("says no connection as every other page does", () => {
    expect(failureMessages.noConnection.defaultMessage).toBe(NO_CONNECTION_TEXT);
  });
});
