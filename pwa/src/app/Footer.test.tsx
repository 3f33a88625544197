import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../lib/i18n/I18nProvider.tsx";
import { LOCALE_KEY } from "../lib/i18n/locale.ts";
import { resetServicesCache } from "../lib/services.ts";
import { json, mockFetch, SAMPLE_SERVICES } from "../test/fetch.ts";
import { SPANISH_CATALOG } from "../test/spanish.tsx";
import { Footer } from "./Footer.tsx";

const footer = () =>
  render(
    <MemoryRouter>
      <I18nProvider area="public">
        <Footer />
      </I18nProvider>
    </MemoryRouter>,
  );

describe("Footer", () => {
  it("lists the quick links and the legal pages in English by default", () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    footer();
    expect(screen.getByRole("link", { name: "Book Online" })).toHaveAttribute("href", "/booking");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByText(/All rights reserved\./)).toBeInTheDocument();
  });

  it("is in Spanish for a visitor who chose Español", async () => {
    localStorage.setItem(LOCALE_KEY, "es");
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json(SAMPLE_SERVICES) });
    footer();
    expect(await screen.findByRole("link", { name: "Agendar en línea" })).toHaveAttribute("href", "/booking");
    expect(screen.getByRole("heading", { name: "Enlaces rápidos" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Política de privacidad" })).toHaveAttribute("href", "/privacy");
  });

  it("names the services by their Spanish titles for a Spanish visitor, by the English one where none", async () => {
    resetServicesCache(); // the list an earlier test loaded
    localStorage.setItem(LOCALE_KEY, "es");
    const [ducts, ...rest] = SAMPLE_SERVICES;
    const services = [{ ...ducts!, titleEs: "Limpieza de ductos de aire" }, ...rest];
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json(services) });
    footer();
    expect(await screen.findByRole("link", { name: "Limpieza de ductos de aire" })).toHaveAttribute(
      "href",
      "/services/air-duct-cleaning",
    );
    expect(screen.getByRole("link", { name: "Dryer Vent Cleaning" })).toBeInTheDocument();
  });
});
