import { CUSTOMER_LANG_ATTRIBUTE } from "@contracts/common/page-data.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, localeOfTag } from "@contracts/i18n/locales.ts";

/** Where the visitor's own choice is kept on the device. */
export const LOCALE_KEY = "clearflow.locale";

const listeners = new Set<() => void>();
let current: Locale | null = null;

function stored(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The language to show: the visitor's own choice once made, else the customer's on a page the server wrote in the
 * language on their record (an estimate, an invoice, their own page), else their browser's on a first visit (any
 * Spanish is Spanish), else English. Where there is no window (the build's prerender), English, which the HTML is
 * written in.
 */
export function currentLocale(): Locale {
  if (typeof window === "undefined") return DEFAULT_LOCALE;
  current ??=
    stored() ??
    localeOfTag(
      document.documentElement.hasAttribute(CUSTOMER_LANG_ATTRIBUTE)
        ? document.documentElement.lang
        : (navigator.languages ?? [navigator.language]).find(Boolean),
    );
  return current;
}

/** Shows the site in `locale` from now on, on this device, and says so to `<html lang>` (screen readers, hyphens). */
export function chooseLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  if (locale === current) return;
  current = locale;
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/**
 * Shows the customer's language (their record's) on a page the browser rendered itself, as a page the server wrote
 * in it is shown: unless the visitor chose a language on this device. Not kept on the device: it is theirs.
 */
export function showCustomerLocale(locale: Locale): void {
  if (stored() || locale === currentLocale()) return;
  current = locale;
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget the choice read at start. */
export function resetLocaleForTests(): void {
  current = null;
}
