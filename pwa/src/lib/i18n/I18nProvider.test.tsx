import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LanguageSwitch } from "../../components/LanguageSwitch.tsx";
import { I18nProvider, useTranslator } from "./I18nProvider.tsx";
import { LOCALE_KEY, resetLocaleForTests } from "./locale.ts";

// A text of the public catalog (the top bar's): what a visitor reads once Spanish is chosen.
const hours = { id: "public.topBar.hours", defaultMessage: "Business Hours:" };

function Hours() {
  return <p>{useTranslator().t(hours)}</p>;
}

function page() {
  return render(
    <I18nProvider area="public">
      <LanguageSwitch />
      <Hours />
    </I18nProvider>,
  );
}

describe("the site's language", () => {
  beforeEach(() => {
    resetLocaleForTests();
    // The catalogs are files the page fetches; here they are read from the source tree.
    vi.stubGlobal("fetch", async (url: string) => {
      const file = resolve(import.meta.dirname, "../../..", String(url).replace(/^\//, "").split("?")[0]!);
      return new Response(readFileSync(file, "utf8"), { headers: { "Content-Type": "application/json" } });
    });
    document.documentElement.lang = "en";
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is English on a first visit from an English browser, with no catalog to load", () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["en-US", "es"], language: "en-US" });
    page();
    expect(screen.getByText("Business Hours:")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  });

  it("is Spanish on a first visit from a browser that asks for any Spanish", async () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["es-MX"], language: "es-MX" });
    page();
    expect(await screen.findByText("Horario:")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
  });

  it("follows the switch, says so to <html lang> and keeps the choice on the device", async () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["en-US"], language: "en-US" });
    page();
    await userEvent.click(screen.getByRole("button", { name: "Español" }));
    expect(await screen.findByText("Horario:")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem(LOCALE_KEY)).toBe("es");

    await userEvent.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByText("Business Hours:")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
  });

  it("gives the technician's app the Spanish of the pieces it shares with the customer's pages too", async () => {
    localStorage.setItem(LOCALE_KEY, "es");
    const myJobs = { id: "field.shell.myJobs", defaultMessage: "My Jobs" };
    function Both() {
      const { t } = useTranslator();
      return (
        <>
          <p>{t(myJobs)}</p>
          <p>{t(hours)}</p>
        </>
      );
    }
    render(
      <I18nProvider area="field">
        <Both />
      </I18nProvider>,
    );
    expect(await screen.findByText("Mis trabajos")).toBeInTheDocument();
    expect(screen.getByText("Horario:")).toBeInTheDocument();
  });

  it("keeps the visitor's own choice over the browser's language", async () => {
    localStorage.setItem(LOCALE_KEY, "en");
    vi.stubGlobal("navigator", { ...navigator, languages: ["es-ES"], language: "es-ES" });
    page();
    expect(screen.getByText("Business Hours:")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  });
});
