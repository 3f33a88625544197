import type { Locale } from "@contracts/i18n/locales.ts";
import type { Catalog } from "./intlOf.ts";
import spanishPublic from "../../i18n/es/public.json?url&no-inline";
import spanishField from "../../i18n/es/field.json?url&no-inline";
import spanishOffice from "../../i18n/es/office.json?url&no-inline";

/** The PWA's catalog areas: the public site and the customer's pages, the technician's app, the office's screens. */
export type CatalogArea = "public" | "field" | "office";

export type { Catalog } from "./intlOf.ts";

/**
 * The Spanish catalogs, files of their own fetched only when Spanish is chosen (English needs none: its texts are
 * the messages' own `defaultMessage` in the code). Fetched as JSON rather than imported as modules: a module would
 * need the bundler's runtime helpers, which then leave the entry for a chunk of their own that every page loads.
 */
const SPANISH: Record<CatalogArea, string> = { public: spanishPublic, field: spanishField, office: spanishOffice };

export async function loadCatalog(locale: Locale, area: CatalogArea): Promise<Catalog> {
  if (locale === "en") return {};
  const response = await fetch(SPANISH[area]);
  if (!response.ok) throw new Error(`The ${area} catalog answered ${response.status}`);
  return (await response.json()) as Catalog;
}
