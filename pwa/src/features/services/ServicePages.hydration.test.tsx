import { act, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { prerender } from "react-dom/static";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@contracts/i18n/locales.ts";
import { loadTranslator, ServedLanguage } from "../../lib/i18n/I18nProvider.tsx";
import { LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { resetServicesCache } from "../../lib/services.ts";
import { BASIC_WITH_SPANISH, makeService } from "../../test/fetch.ts";
import { catalogFromSource, routedPage as page } from "../../test/hydration.tsx";
import { forgetServerContexts } from "../../test/serverContexts.ts";
import ServiceDetailPage from "./ServiceDetailPage.tsx";
import ServicesPage from "./ServicesPage.tsx";

const DUCTS = makeService("air-duct-cleaning", "Air Duct Cleaning", {
  titleEs: "Limpieza de ductos de aire",
  descriptionEs: "Limpiamos cada ducto de su casa.",
  benefitsEs: ["Menos polvo en la casa", "Mejor flujo de aire"],
  packages: [BASIC_WITH_SPANISH],
});

let root: Root | null = null;

beforeEach(() => {
  resetLocaleForTests();
  resetServicesCache();
  localStorage.clear();
  vi.stubGlobal("fetch", async (url: string) => {
    const path = String(url);
    if (path === "/api/services") return Response.json([DUCTS]);
    if (path === "/api/services/air-duct-cleaning") return Response.json(DUCTS);
    return catalogFromSource(path);
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  document.documentElement.lang = "en";
  vi.unstubAllGlobals();
});

/**
 * The page as a server renders it in `locale` (entry-prerender.tsx's language provider; the build's pages are
 * English), taken over in the same language; what React had to recover from.
 */
async function servedAndHydrated(locale: Locale, element: ReactElement): Promise<unknown[]> {
  if (locale === "es") {
    await loadTranslator("es", "public");
    localStorage.setItem(LOCALE_KEY, "es");
  }
  const { prelude } = await prerender(<ServedLanguage.Provider value={locale}>{element}</ServedLanguage.Provider>);
  const markup = await new Response(prelude).text();
  await forgetServerContexts();
  document.documentElement.lang = locale;
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(document.getElementById("root")!, element, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  return mismatches;
}

describe("a service's words from its data, on pages rendered before they are hydrated", () => {
  it.each([
    ["es", "Limpieza de ductos de aire", "Limpiamos cada ducto de su casa."],
    ["en", "Air Duct Cleaning", "Air Duct Cleaning description"],
  ] as const)("the services list in %s: taken over with no mismatch, then its cards", async (locale, title, text) => {
    expect(await servedAndHydrated(locale, page("/services", "/services", <ServicesPage />))).toEqual([]);
    expect(await screen.findByRole("heading", { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    [
      "es",
      "Limpieza de ductos de aire",
      "Limpiamos cada ducto de su casa.",
      "Menos polvo en la casa",
      "Hasta 10 rejillas",
    ],
    ["en", "Air Duct Cleaning", "Air Duct Cleaning description", "Benefit one", "Up to 10 vents"],
  ] as const)(
    "a service's page in %s: taken over with no mismatch, then the service, its benefits and packages",
    async (locale, title, text, benefit, feature) => {
      const element = page("/services/air-duct-cleaning", "/services/:serviceId", <ServiceDetailPage />);
      expect(await servedAndHydrated(locale, element)).toEqual([]);
      expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByText(benefit)).toBeInTheDocument();
      expect(screen.getByText(feature)).toBeInTheDocument();
    },
  );
});
