import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CUSTOMER_LANG_ATTRIBUTE, estimateViewPath, pageDataBlock } from "@contracts/common/page-data.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { renderPage } from "../../entry-prerender.tsx";
import { currentLocale, LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { readPageDataAgainForTests } from "../../lib/pageData.tsx";
import { spanishEstimateView } from "../../test/estimateFixtures.ts";

const PATH = "/estimates/tok-es";
const VIEW = spanishEstimateView();

beforeEach(() => {
  resetLocaleForTests();
  readPageDataAgainForTests();
  localStorage.clear();
});

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.lang = "en";
  document.documentElement.removeAttribute(CUSTOMER_LANG_ATTRIBUTE);
});

/** The page as the server sends it for a customer whose record says Spanish (api/http/document-pages.ts). */
async function served() {
  const data = { [estimateViewPath("tok-es")]: VIEW };
  const { root: markup } = await renderPage(PATH, DEFAULT_PROFILE, data, "es");
  document.documentElement.lang = "es";
  document.documentElement.setAttribute(CUSTOMER_LANG_ATTRIBUTE, "");
  document.body.innerHTML = `<div id="root">${markup}</div>${pageDataBlock(data)}`;
  return document.getElementById("root")!;
}

describe("the estimate page of a customer who booked in Spanish", () => {
  it("is written in Spanish by the server", async () => {
    await served();
    expect(screen.getByRole("heading", { level: 1, name: "Presupuesto E-1010" })).toBeInTheDocument();
    expect(screen.getByText(/Para Lucía Gómez/)).toBeInTheDocument();
    expect(
      screen.getByText(/Emitido el 10 de junio de 2030 · válido hasta el 10 de julio de 2030/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Elegir Mejor" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Condiciones" })).toBeInTheDocument();
    expect(within(document.querySelector("main")!).queryByText(/Estimate|Choose|Terms|Approve/)).toBeNull();
  });

  it("follows the visitor's own choice of English on this device", async () => {
    localStorage.setItem(LOCALE_KEY, "en");
    await served();
    expect(currentLocale()).toBe("en");
  });
});
