import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ReactElement } from "react";
import spanishPublic from "../i18n/es/public.json?url&no-inline";
import { I18nProvider } from "../lib/i18n/I18nProvider.tsx";
import { LOCALE_KEY, resetLocaleForTests } from "../lib/i18n/locale.ts";
import { json } from "./fetch.ts";
import { renderRoute } from "./render.tsx";

/** The public Spanish catalog as the page fetches it, for mockFetch's routes: read from the source tree. */
export const SPANISH_CATALOG = {
  [spanishPublic.split("?")[0]!]: () =>
    json(JSON.parse(readFileSync(resolve(import.meta.dirname, "../i18n/es/public.json"), "utf8"))),
};

/** A public page as a visitor who chose Español sees it: the choice on the device, the public area's texts. */
export function renderInSpanish(element: ReactElement, path: string, route?: string) {
  resetLocaleForTests();
  localStorage.setItem(LOCALE_KEY, "es");
  return renderRoute(<I18nProvider area="public">{element}</I18nProvider>, path, route);
}
