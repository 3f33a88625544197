import type { IntlShape } from "@formatjs/intl";
import type { Locale } from "@contracts/i18n/locales.ts";
import { loadCatalog, type CatalogArea } from "./catalogs.ts";
import { intlOf } from "./intlOf.ts";

/**
 * FormatJS's formatter for a language and an area's catalog. This module is a chunk of its own (about 14 KB gzipped)
 * that loads the catalogs itself, so the entry, which every public page loads, holds one `import()` and no list of
 * catalogs.
 */
export async function translatorFor(locale: Locale, area: CatalogArea): Promise<IntlShape> {
  return intlOf(locale, await loadCatalog(locale, area));
}
