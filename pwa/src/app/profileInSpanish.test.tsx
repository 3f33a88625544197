import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { LOCALE_KEY, resetLocaleForTests } from "../lib/i18n/locale.ts";
import { resetServicesCache } from "../lib/services.ts";
import { json, mockFetch, SAMPLE_SERVICES } from "../test/fetch.ts";
import { OTHER_PROFILE } from "../test/profiles.ts";
import { SPANISH_CATALOG } from "../test/spanish.tsx";
import { App } from "./App.tsx";

const es = OTHER_PROFILE.es!;

beforeEach(() => {
  resetServicesCache();
  resetLocaleForTests();
  localStorage.setItem(LOCALE_KEY, "es");
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

async function showInSpanish(path: string, profile: BusinessProfile) {
  mockFetch({ ...SPANISH_CATALOG, "/api/profile": () => json(profile), "/api/services": () => json(SAMPLE_SERVICES) });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App profile={profile} />
    </MemoryRouter>,
  );
  // The Spanish texts are there once the top bar says "Horario:"; the page's own once its heading is.
  await screen.findByText("Horario:");
  await screen.findByRole("heading", { level: 1 });
  await waitFor(() => expect(document.querySelector("[aria-busy='true'], .skeleton")).toBeNull());
  return document.body.textContent ?? "";
}

describe("the business's hours and service area on a Spanish page", () => {
  it.each([
    ["/", es.hoursText],
    ["/terms", es.hoursText],
    ["/contact", es.hoursShort],
    ["/about", es.serviceArea],
    ["/gallery", es.serviceArea],
  ])("%s shows the Spanish ones, in the top bar and the footer too, never the English", async (path, own) => {
    const text = await showInSpanish(path, OTHER_PROFILE);
    expect(text).toContain(own);
    expect(text).toContain(`Horario: ${es.hoursShort}`);
    expect(text).toContain(`en ${es.serviceArea} desde`);
    for (const english of [OTHER_PROFILE.hoursShort, OTHER_PROFILE.hoursText, OTHER_PROFILE.serviceArea]) {
      expect(text).not.toContain(english);
    }
  });

  it("the home page says when it is open in a Spanish sentence", async () => {
    const text = await showInSpanish("/", OTHER_PROFILE);
    expect(text).toContain(`abrimos ${es.hoursText}.`);
  });

  it("a profile with no Spanish texts (a copy kept from before) shows its English ones, not the default business's", async () => {
    const { es: _none, ...kept } = OTHER_PROFILE;
    const text = await showInSpanish("/", kept);
    expect(text).toContain(`Horario: ${OTHER_PROFILE.hoursShort}`);
    expect(text).not.toMatch(/charlotte/i);
  });
});
