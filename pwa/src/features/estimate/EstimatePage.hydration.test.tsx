import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CUSTOMER_LANG_ATTRIBUTE, estimateViewPath, pageDataBlock } from "@contracts/common/page-data.ts";
import { loadTranslator, ServedLanguage } from "../../lib/i18n/I18nProvider.tsx";
import { currentLocale, LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { PageDataProvider, readPageDataAgainForTests } from "../../lib/pageData.tsx";
import { spanishEstimateView } from "../../test/estimateFixtures.ts";
import { catalogFromSource, routedPage } from "../../test/hydration.tsx";
import EstimatePage from "./EstimatePage.tsx";

const VIEW = spanishEstimateView({ depositPercent: 25, depositCents: 8725, taxRatePercent: 7.25 });
const DATA = { [estimateViewPath("tok-es")]: VIEW };

const page = () => routedPage("/estimates/tok-es", "/estimates/:token", <EstimatePage />);

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

/** The page as the server writes it for a customer whose record says Spanish (entry-prerender.tsx's providers). */
function served(): HTMLElement {
  const markup = renderToString(
    <ServedLanguage.Provider value="es">
      <PageDataProvider data={DATA}>{page()}</PageDataProvider>
    </ServedLanguage.Provider>,
  );
  document.documentElement.lang = "es";
  document.documentElement.setAttribute(CUSTOMER_LANG_ATTRIBUTE, "");
  document.body.innerHTML = `<div id="root">${markup}</div>${pageDataBlock(DATA)}`;
  return document.getElementById("root")!;
}

describe("a Spanish estimate page served rendered", () => {
  it("is taken over in Spanish as it is: no mismatch, no second read, the device's choice left alone", async () => {
    // The server's renderer has the Spanish texts in its bundle; here they are the catalog main.tsx loads first.
    await loadTranslator("es", "public");
    const container = served();
    const html = container.innerHTML;
    expect(screen.getByRole("heading", { level: 1, name: "Presupuesto E-1010" })).toBeInTheDocument();
    expect(currentLocale()).toBe("es");
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, page(), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.innerHTML).toBe(html);
    expect(reads).toEqual([]);
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Elegir Mejor" })).toBeEnabled();
    expect(screen.getByText("Al aprobar se paga un depósito del 25% ($87.25).")).toBeInTheDocument();
  });
});
