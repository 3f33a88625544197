import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import AboutPage from "./AboutPage.tsx";

const { claims, founded } = DEFAULT_PROFILE;

describe("AboutPage", () => {
  it("shows the mission, vision, values, story, achievements and certifications in English", () => {
    renderRoute(<AboutPage />, "/about");
    expect(screen.getByRole("heading", { level: 1, name: `About ${DEFAULT_PROFILE.shortName}` })).toBeInTheDocument();
    for (const name of ["Our Mission", "Our Vision", "Our Values", "Our Achievements", "Certifications & Memberships"])
      expect(screen.getByRole("heading", { name })).toBeInTheDocument();
    expect(
      screen.getByText(
        `Word spread. Today our ${claims.technicians} certified technicians have completed ${claims.projects} projects for ${claims.clients} happy clients, and we still run the business the same way: careful work, clear prices and a phone that is answered ${claims.emergency}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(String(founded))).toBeInTheDocument();
    expect(screen.getByText("Today")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a Cleaning" })).toHaveAttribute("href", "/booking");
  });

  it("shows them in Spanish with the profile's figures once Español is chosen", async () => {
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(<AboutPage />, "/about");
    expect(
      await screen.findByRole("heading", { level: 1, name: `Acerca de ${DEFAULT_PROFILE.shortName}` }),
    ).toBeInTheDocument();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    expect(crumbs.getByText("Quiénes somos")).toHaveAttribute("aria-current", "page");
    for (const name of ["Nuestra misión", "Nuestra visión", "Nuestros valores", "Integridad", "Nuestros logros"])
      expect(screen.getByRole("heading", { name })).toBeInTheDocument();
    expect(
      screen.getByText(
        `Se corrió la voz. Hoy nuestros ${claims.technicians} técnicos certificados han realizado ${claims.projects} proyectos para ${claims.clients} clientes satisfechos, y seguimos trabajando igual: con cuidado, con precios claros y con un teléfono que se contesta ${claims.emergency}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Hoy")).toBeInTheDocument();
    expect(screen.getByText("Clientes satisfechos")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Agendar una limpieza" })).toHaveAttribute("href", "/booking");
    expect(screen.getByRole("link", { name: "Contáctenos" })).toHaveAttribute("href", "/contact");
  });
});
