import assert from "node:assert/strict";
import { localeOfAcceptLanguage, localeOfTag } from "./locales.ts";

Deno.test("any Spanish tag is Spanish, anything else English", () => {
  for (const tag of ["es", "es-MX", "es-419", "ES-us"]) assert.equal(localeOfTag(tag), "es");
  for (const tag of ["en-US", "fr", "", undefined, "esperanto"]) assert.equal(localeOfTag(tag), "en");
});

Deno.test("Accept-Language picks the first language the site speaks, by weight", () => {
  assert.equal(localeOfAcceptLanguage("es-MX,es;q=0.9,en;q=0.8"), "es");
  assert.equal(localeOfAcceptLanguage("en-US,en;q=0.9,es;q=0.8"), "en");
  assert.equal(localeOfAcceptLanguage("fr-FR,es;q=0.5"), "es");
  assert.equal(localeOfAcceptLanguage("en;q=0.2, es;q=0.7"), "es");
  assert.equal(localeOfAcceptLanguage("es;q=0"), "en");
  assert.equal(localeOfAcceptLanguage(null), "en");
});
