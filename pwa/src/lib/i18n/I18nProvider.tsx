import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import type { IntlShape } from "@formatjs/intl";
import { DEFAULT_LOCALE, type Locale } from "@contracts/i18n/locales.ts";
import type { MessageDescriptor } from "@contracts/i18n/messages.ts";
import type { CatalogArea } from "./catalogs.ts";
import { chooseLocale, currentLocale, subscribeLocale } from "./locale.ts";
import { I18nContext, plain, WrittenContext, type Translator } from "./translator.ts";

export { useTranslator, type Translator } from "./translator.ts";

/**
 * On the server (entry-prerender.tsx), the language a customer's page is rendered in: a context, not a module's
 * variable, since one renderer writes pages in both languages at once.
 */
export const ServedLanguage = createContext<Locale | null>(null);

/**
 * A message as FormatJS reads it. The built app names a message's English `m` (build/shortMessageIds.ts), reads
 * included; the computed key is what that renaming leaves as it is, for FormatJS's own code, which it does not touch.
 */
const forFormatJs = (message: MessageDescriptor) => ({ id: message.id, ["defaultMessage"]: message.defaultMessage });

/** Formatters already made, by language and area: a provider mounted again starts with its texts. */
const made = new Map<string, IntlShape>();

/** The server's renderer: its formatter for `locale` and `area`, made from the catalog in its bundle. */
export const keepTranslator = (locale: Locale, area: CatalogArea, intl: IntlShape): void =>
  void made.set(locale + area, intl);

/** Loads the runtime and `area`'s catalog for `locale`: main.tsx waits for it before a Spanish first render. */
export const loadTranslator = (locale: Locale, area: CatalogArea): Promise<IntlShape> =>
  import("./intlRuntime.ts")
    .then((runtime) => runtime.translatorFor(locale, area))
    .then((intl) => (made.set(locale + area, intl), intl));

/**
 * The texts of `area` for what is inside. English with no `full` needs no runtime (plain `{name}` messages); any
 * other language loads FormatJS and its catalog first, and shows English until they are there.
 * `full`: the screens inside have English plurals or selects, so the runtime loads for English too.
 */
export function I18nProvider({
  area,
  full = false,
  children,
}: {
  area: CatalogArea;
  full?: boolean;
  children: ReactNode;
}) {
  const served = useContext(ServedLanguage);
  // The hydration's first render writes the language the HTML is in: main.tsx hydrates only a page written in the
  // language to show (its texts loaded first), and renders any other anew.
  const locale = useSyncExternalStore(subscribeLocale, currentLocale, () => served ?? currentLocale());
  const key = full || locale !== DEFAULT_LOCALE ? locale + area : "";
  const intl = made.get(key) ?? null;
  const [, loaded] = useState(0);
  useEffect(() => {
    if (key && !made.has(key)) loadTranslator(locale, area).then(() => loaded((count) => count + 1), console.error);
  }, [key, locale, area]);
  const value = useMemo<Translator>(
    () => ({
      locale,
      setLocale: chooseLocale,
      t: intl ? (message, values) => intl.formatMessage(forFormatJs(message), values) : plain,
      intl,
    }),
    [locale, intl],
  );
  // The language of the first render is the one the page's HTML is in (main.tsx hydrates no other): parts that
  // hydrate later read it (HydratesAsWritten) if the visitor has chosen another meanwhile.
  const [written] = useState(value);
  return (
    <WrittenContext.Provider value={written}>
      <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
    </WrittenContext.Provider>
  );
}
