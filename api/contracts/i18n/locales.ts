/** The languages the site speaks. English is the source: every text is written in English first, in the code. */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in itself, as the switch shows it ("English | Español"). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The site's language for a BCP 47 tag: any Spanish (`es`, `es-MX`, `es-419`) is Spanish, anything else English. */
export function localeOfTag(tag: string | null | undefined): Locale {
  return /^es(?:-|_|$)/i.test(tag?.trim() ?? "") ? "es" : DEFAULT_LOCALE;
}

/**
 * The language of an `Accept-Language` header: the first of its languages, by weight, that the site speaks;
 * English when none is (or there is no header).
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== "" && weight > 0 && !Number.isNaN(weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (/^es(?:-|$)/i.test(tag)) return "es";
    if (/^en(?:-|$)/i.test(tag)) return "en";
  }
  return DEFAULT_LOCALE;
}
