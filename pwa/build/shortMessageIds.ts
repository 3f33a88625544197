import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const AREAS = ["public", "field", "office"];

/** The PWA's catalog areas (lib/i18n/catalogs.ts): their ids are the ones the browser looks up. */
const MESSAGE_ID = /(\bid:\s*)"((?:public|field|office)\.[\w.-]+)"/g;
const SPANISH_CATALOG = /[\\/]i18n[\\/]es[\\/](public|field|office)\.json$/;

/**
 * Each id of the English catalogs (what the extractor found in the code, sorted) by its short form: its rank in base
 * 36. Short and alike, they cost a gzipped page about a byte each where a hash (random to gzip) cost more than the
 * readable id. An id not yet extracted keeps its own form, so a text is never lost, only not shortened.
 */
export function shortIds(englishCatalogs: Record<string, unknown>[]): Map<string, string> {
  const ids = [...new Set(englishCatalogs.flatMap((catalog) => Object.keys(catalog)))].sort();
  return new Map(ids.map((id, rank) => [id, rank.toString(36)]));
}

/** A Spanish catalog keyed as the built code asks for its texts. */
export function shortenCatalog(catalog: Record<string, string>, short: Map<string, string>) {
  return Object.fromEntries(Object.entries(catalog).map(([id, text]) => [short.get(id) ?? id, text]));
}

/** A message's English as a key written in an object (`defaultMessage: "…"`), and as a property read. */
const ENGLISH_KEY = /\bdefaultMessage(?=\s*:)/g;
const ENGLISH_READ = /\.defaultMessage\b/g;

/**
 * The code with each message id of the PWA's catalogs in its short form, and each message's `defaultMessage` named
 * `m`, where it is written and where it is read. FormatJS itself reads the name in full: the one place that hands it a
 * message (I18nProvider.tsx) writes the key as `["defaultMessage"]`, which this leaves alone.
 */
export function shortenSource(code: string, short: Map<string, string>): string {
  return code
    .replace(MESSAGE_ID, (_whole, key: string, id: string) => `${key}"${short.get(id) ?? id}"`)
    .replace(ENGLISH_KEY, "m")
    .replace(ENGLISH_READ, ".m");
}

/**
 * A message's id is read only to look its Spanish up, yet "public.booking.commentsHint" rides in every page's code,
 * English or not. In the built app each id of the PWA's catalogs becomes a rank of one to three characters, in the
 * code and in the Spanish catalogs alike, and the key of each message's English (`defaultMessage`, 600 times in the
 * app) is `m`, so a screen's texts cost their English and little more. The source, the
 * extractor, the catalogs' test and Vitest keep the readable ids; the build's own test (shortMessageIds.test.ts)
 * proves both sides still meet.
 */
export function shortMessageIds(englishDir: string): Plugin {
  const read = (area: string) => JSON.parse(readFileSync(join(englishDir, `${area}.json`), "utf8")) as object;
  const short = shortIds(AREAS.map((area) => read(area) as Record<string, unknown>));
  return {
    name: "clearflow:short-message-ids",
    apply: "build",
    transform: {
      filter: { id: /\.tsx?$/, code: /\bid:\s*"(?:public|field|office)\.|defaultMessage/ },
      handler(code, file) {
        if (file.includes("node_modules")) return null;
        return { code: shortenSource(code, short), map: null };
      },
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== "asset" || !item.originalFileNames.some((name) => SPANISH_CATALOG.test(name))) continue;
        const text = typeof item.source === "string" ? item.source : new TextDecoder().decode(item.source);
        const catalog = JSON.parse(text) as Record<string, string>;
        item.source = JSON.stringify(shortenCatalog(catalog, short));
      }
    },
  };
}
