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

/**
 * The catalogs an area's screens read. The technician's app also shows pieces the customer's pages share (the
 * option cards, the invoice's figures, the visit's words, a dialog's frame), whose texts are the public catalog's.
 */
const READ: Record<CatalogArea, CatalogArea[]> = { public: ["public"], field: ["public", "field"], office: ["office"] };

export async function loadCatalog(locale: Locale, area: CatalogArea): Promise<Catalog> {
  if (locale === "en") return {};
  const catalogs = await Promise.all(
    READ[area].map(async (read) => {
      const response = await fetch(SPANISH[read]);
      if (!response.ok) throw new Error(`The ${read} catalog answered ${response.status}`);
      return (await response.json()) as Catalog;
    }),
  );
  return Object.assign({}, ...catalogs) as Catalog;
}
