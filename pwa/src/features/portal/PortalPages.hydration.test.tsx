import { act, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { prerender } from "react-dom/static";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CUSTOMER_LANG_ATTRIBUTE, type PageData, pageDataBlock } from "@contracts/common/page-data.ts";
import { PORTAL_HOME_PATHS, PORTAL_SESSION_PATH, portalVisitPath } from "@contracts/portal/portal.ts";
import { loadTranslator, ServedLanguage } from "../../lib/i18n/I18nProvider.tsx";
import { currentLocale, LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { PageDataProvider, readPageDataAgainForTests } from "../../lib/pageData.tsx";
import { catalogFromSource, routedPage as page } from "../../test/hydration.tsx";
import { forgetServerContexts } from "../../test/serverContexts.ts";
import { ESTIMATES, INVOICES, SESSION, visitDetails, VISITS } from "../../test/portalFixtures.ts";
import PortalPage from "./PortalPage.tsx";
import VisitPage from "./VisitPage.tsx";

const VISIT_DATA: PageData = {
  [PORTAL_SESSION_PATH]: SESSION,
  [PORTAL_HOME_PATHS.language]: { locale: "es" },
  [portalVisitPath("v0")]: visitDetails(),
};

const HOME_DATA: PageData = {
  [PORTAL_SESSION_PATH]: SESSION,
  [PORTAL_HOME_PATHS.visits]: VISITS,
  [PORTAL_HOME_PATHS.estimates]: ESTIMATES,
  [PORTAL_HOME_PATHS.invoices]: INVOICES,
  [PORTAL_HOME_PATHS.preferences]: { visitReminders: true, yearlyReminders: true },
  [PORTAL_HOME_PATHS.smsConsent]: { phone: "+17045550131", consent: "none", at: null, source: null, disclosure: null },
  [PORTAL_HOME_PATHS.memberships]: [],
  [PORTAL_HOME_PATHS.offer]: { plans: [], properties: [], online: true },
  [PORTAL_HOME_PATHS.language]: { locale: "es" },
};

let root: Root | null = null;
const reads: string[] = [];

beforeEach(() => {
  resetLocaleForTests();
  readPageDataAgainForTests();
  localStorage.clear();
  reads.length = 0;
  // The Spanish catalog is a file the page fetches (read here from the source tree); any other read is counted.
  vi.stubGlobal("fetch", async (url: string) => {
    const path = String(url);
    // A report's photos are read after the page is there, each by itself: they stay loading here.
    if (path.startsWith("/api/portal/photos/")) return new Promise<Response>(() => undefined);
    if (!path.includes("/i18n/")) {
      reads.push(path);
      return new Response("{}", { status: 500 });
    }
    return catalogFromSource(path);
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  document.documentElement.lang = "en";
  document.documentElement.removeAttribute(CUSTOMER_LANG_ATTRIBUTE);
  vi.unstubAllGlobals();
});

/**
 * The page as the server writes it for a customer whose record says Spanish: entry-prerender.tsx's providers and its
 * renderer, which waits for the plan sections' chunks.
 */
async function served(markupOf: ReactElement, data: PageData): Promise<HTMLElement> {
  const { prelude } = await prerender(
    <ServedLanguage.Provider value="es">
      <PageDataProvider data={data}>{markupOf}</PageDataProvider>
    </ServedLanguage.Provider>,
  );
  const markup = await new Response(prelude).text();
  // Then hydrated in this same module graph, as the browser would with none of the server's context values.
  await forgetServerContexts();
  document.documentElement.lang = "es";
  document.documentElement.setAttribute(CUSTOMER_LANG_ATTRIBUTE, "");
  document.body.innerHTML = `<div id="root">${markup}</div>${pageDataBlock(data)}`;
  return document.getElementById("root")!;
}

/** Hydrates what the server wrote and says what React had to recover from. */
async function hydrate(container: HTMLElement, element: ReactElement): Promise<unknown[]> {
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => mismatches.push(error) });
  });
  return mismatches;
}

describe("a Spanish customer's pages served rendered", () => {
  it("the visit page, its report and its rating are taken over in Spanish as they are: no mismatch, no second read", async () => {
    // The server's renderer has the Spanish texts in its bundle; here they are the catalog main.tsx loads first.
    await loadTranslator("es", "public");
    const element = page("/portal/visits/v0", "/portal/visits/:id", <VisitPage />);
    const container = await served(element, VISIT_DATA);
    const html = container.innerHTML;
    expect(screen.getByRole("region", { name: "Informe de servicio" })).toHaveTextContent(
      "El trabajo empezó a las 9:05 a.m.",
    );
    expect(currentLocale()).toBe("es");
    expect(await hydrate(container, element)).toEqual([]);
    expect(container.innerHTML).toBe(html);
    expect(reads).toEqual([]);
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
    expect(screen.getByRole("radio", { name: "5 estrellas: Excelente" })).toBeEnabled();
  });

  it("the customer's page with its lists and its text switch is taken over in Spanish as it is", async () => {
    await loadTranslator("es", "public");
    const element = page("/portal", "/portal", <PortalPage />);
    const container = await served(element, HOME_DATA);
    const html = container.innerHTML;
    expect(screen.getByRole("region", { name: "Presupuestos" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Mensajes de texto de nuestra parte" })).toBeInTheDocument();
    expect(await hydrate(container, element)).toEqual([]);
    expect(container.innerHTML).toBe(html);
    expect(reads).toEqual([]);
    expect(screen.getByRole("checkbox", { name: /^Enviarme mensajes de texto/ })).toBeEnabled();
  });
});
