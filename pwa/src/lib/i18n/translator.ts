import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { IntlShape } from "@formatjs/intl";
import { DEFAULT_LOCALE, type Locale } from "@contracts/i18n/locales.ts";
import { formatPlain, type MessageDescriptor, type MessageValues } from "@contracts/i18n/messages.ts";
import { chooseLocale } from "./locale.ts";

// The reading side of the texts, apart from I18nProvider.tsx: that module holds the `import()` of the ICU runtime, so
// the bundler's preload helper comes with it, and a page chunk that reaches the helper only through it and shares no
// other chunk with the pages (the not-found page) made rolldown move the helper out of the entry into a file of its
// own that every page then loaded (decision 0093). A page reads its texts from here.

export interface Translator {
  /** The language chosen (the texts follow once its catalog has loaded). */
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** A message in the language shown. */
  t: (message: MessageDescriptor, values?: MessageValues) => string;
  /** FormatJS's formatter once loaded (Spanish, or a provider with `full`): dates, numbers, plurals. */
  intl: IntlShape | null;
}

export const plain = (message: MessageDescriptor, values?: MessageValues) =>
  formatPlain(message.defaultMessage, values);

/** Outside any provider (a component's own test): English. */
export const I18nContext = createContext<Translator>({
  locale: DEFAULT_LOCALE,
  setLocale: chooseLocale,
  t: plain,
  intl: null,
});

/** The texts around a component: `const { t } = useTranslator(); t(messages.title)`. */
export function useTranslator(): Translator {
  return useContext(I18nContext);
}

/** The texts in the language the page's HTML was written in (the provider's first): what a late part hydrates with. */
export const WrittenContext = createContext<Translator | null>(null);

const never = () => () => {};

/**
 * Around a part of the page that hydrates after the rest (a lazy chunk in a Suspense boundary: the footer, the box
 * beside the booking form): while React hydrates it, its texts are in the language its HTML was written in, then in
 * the one shown. A visitor may pick Español before it hydrates; hydrated in Spanish, its English HTML would not match.
 */
export function HydratesAsWritten({ children }: { children: ReactNode }) {
  const shown = useContext(I18nContext);
  const written = useContext(WrittenContext);
  // true only while hydrating (React renders with the server's snapshot then), false on every later render.
  const hydrating = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  const value = hydrating && written && written.locale !== shown.locale ? written : shown;
  return createElement(I18nContext.Provider, { value }, children);
}
