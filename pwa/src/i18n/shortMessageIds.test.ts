import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { shortenCatalog, shortenSource, shortIds } from "../../build/shortMessageIds.ts";

const read = (path: string) => readFileSync(resolve(import.meta.dirname, "..", path), "utf8");
const catalog = (locale: string, area: string) =>
  JSON.parse(read(`i18n/${locale}/${area}.json`)) as Record<string, never>;

describe("the built app's short message ids", () => {
  const short = shortIds(["public", "field", "office"].map((area) => catalog("en", area)));

  it("give each id of the catalogs a form of its own", () => {
    expect(new Set(short.values()).size).toBe(short.size);
    for (const value of short.values()) expect(value).toMatch(/^[0-9a-z]{1,3}$/);
  });

  it("find a page's Spanish texts in the shortened catalog, as the built page asks for them", () => {
    const spanish = catalog("es", "public");
    const built = shortenCatalog(spanish, short);
    const code = shortenSource(read("features/home/HomePage.tsx"), short);
    const ids = [...code.matchAll(/\bid: "([^"]+)"/g)].map((match) => match[1]!);
    expect(ids.length).toBeGreaterThan(20);
    expect(code).not.toContain('"public.home.');
    const original = new Map([...short].map(([id, key]) => [key, id]));
    for (const id of ids) expect(built[id]).toBe(spanish[original.get(id)!]);
    expect(built[short.get("public.home.title")!]).toBe("Ductos limpios. Aire más sano. Un hogar que respira mejor.");
  });

  it("name a message's English `m` where it is written and where it is read, and leave FormatJS's key whole", () => {
    const code = [
      'const M = { title: { id: "public.home.title", defaultMessage: "Cleaner ducts." } };',
      "const english = (m) => formatPlain(m.defaultMessage);",
      'const forFormatJs = (message) => ({ id: message.id, ["defaultMessage"]: message.defaultMessage });',
    ].join("\n");
    expect(shortenSource(code, short).split("\n")).toEqual([
      `const M = { title: { id: "${short.get("public.home.title")}", m: "Cleaner ducts." } };`,
      "const english = (m) => formatPlain(m.m);",
      'const forFormatJs = (message) => ({ id: message.id, ["defaultMessage"]: message.m });',
    ]);
    const provider = shortenSource(read("lib/i18n/I18nProvider.tsx"), short);
    expect(provider).toContain('["defaultMessage"]: message.m');
  });

  it("leave other ids and other objects' ids alone", () => {
    expect(shortenSource('{ id: "customer.error.slotFull" }, { id: "public.notExtracted" }', short)).toBe(
      '{ id: "customer.error.slotFull" }, { id: "public.notExtracted" }',
    );
  });
});
