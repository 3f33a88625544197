import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../test/fetch.ts";
import { I18nProvider } from "../../lib/i18n/I18nProvider.tsx";
import { LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { PortalLanguage } from "./PortalLanguage.tsx";

const saved: unknown[] = [];
let refuse = false;

beforeEach(() => {
  resetLocaleForTests();
  localStorage.clear();
  document.documentElement.lang = "en";
  vi.stubGlobal("navigator", { ...navigator, languages: ["en-US"], language: "en-US" });
  saved.length = 0;
  refuse = false;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes("/i18n/")) {
      // The catalog the page fetches once Spanish is chosen, read from the source tree.
      const file = resolve(import.meta.dirname, "../../..", url.replace(/^\//, "").split("?")[0]!);
      return new Response(readFileSync(file, "utf8"), { headers: { "Content-Type": "application/json" } });
    }
    expect(`${init?.method} ${url}`).toBe("PUT /api/portal/language");
    if (refuse) return json({ message: "Customer not found" }, 404);
    const body = JSON.parse(String(init?.body)) as { locale: string };
    saved.push(body);
    return json({ data: body });
  });
});
afterEach(() => vi.unstubAllGlobals());

const page = () =>
  render(
    <I18nProvider area="public">
      <PortalLanguage />
    </I18nProvider>,
  );

describe("the language on the customer's own page", () => {
  it("saves Español to their record, then shows the page in it and keeps it on the device", async () => {
    page();
    expect(screen.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Español" }));
    expect(await screen.findByRole("heading", { name: "Idioma" })).toBeInTheDocument();
    expect(saved).toEqual([{ locale: "es" }]);
    expect(screen.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem(LOCALE_KEY)).toBe("es");
  });

  it("says so when the record was not changed, and leaves the page's language as it was", async () => {
    refuse = true;
    page();
    await userEvent.click(screen.getByRole("button", { name: "Español" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That change was not saved. Please try again.");
    expect(screen.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    expect(localStorage.getItem(LOCALE_KEY)).toBeNull();
  });
});
