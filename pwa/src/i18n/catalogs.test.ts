import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { AREAS } from "../../../scripts/i18n/areas.mjs";

const ROOT = resolve(import.meta.dirname, "../../..");
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8")) as Record<string, unknown>;

/** Every English catalog the extractor writes, and any other found beside them: a catalog added later is checked. */
const englishCatalogs = [
  ...new Set([
    ...Object.values(AREAS),
    ...[...new Set(Object.values(AREAS).map((file) => dirname(file)))].flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((name) => name.endsWith(".json"))
        .map((name) => `${dir}/${name}`),
    ),
  ]),
];

/** A message's placeholders: each argument with its kind (plain, number, date, plural, ...) and each tag. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe("the catalogs", () => {
  it("are what the code says (npm run i18n:extract has been run)", () => {
    expect(() =>
      execFileSync("node", ["scripts/i18n/extract.mjs", "--check"], { cwd: ROOT, stdio: "pipe" }),
    ).not.toThrow();
  });

  for (const englishFile of englishCatalogs) {
    const spanishFile = englishFile.replace(/\/en\/([^/]+)$/, "/es/$1");

    describe(spanishFile, () => {
      const english = read(englishFile) as Record<string, { defaultMessage: string }>;
      const spanish = read(spanishFile);

      it("has every English message in Spanish, and no other", () => {
        expect(Object.keys(english).filter((id) => typeof spanish[id] !== "string" || spanish[id] === "")).toEqual([]);
        expect(Object.keys(spanish).filter((id) => !(id in english))).toEqual([]);
      });

      it("gives each Spanish message the English one's placeholders", () => {
        const differ = Object.entries(english)
          .filter(([id]) => typeof spanish[id] === "string")
          .filter(([id, { defaultMessage }]) => {
            const want = placeholders(defaultMessage);
            return JSON.stringify(placeholders(spanish[id] as string)) !== JSON.stringify(want);
          })
          .map(([id]) => id);
        expect(differ).toEqual([]);
      });
    });
  }
});
