import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetServicesCache } from "../../lib/services.ts";
import { json, mockFetch, SAMPLE_SERVICES } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import HomePage from "./HomePage.tsx";

beforeEach(() => resetServicesCache());
afterEach(() => vi.unstubAllGlobals());

describe("HomePage", () => {
  it("has Book Now and Our Services in the banner", () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    renderRoute(<HomePage />, "/");
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/booking");
    expect(screen.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services");
  });

  it("features the 1st, 6th and 3rd services with at most 3 benefits each", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    renderRoute(<HomePage />, "/");
    const cards = await screen.findAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Air Duct Cleaning",
      "Deep Cleaning",
      "Supply Vent Cleaning",
    ]);
    for (const card of cards) expect(within(card).getAllByRole("listitem")).toHaveLength(3);
    expect(within(cards[1]!).getByRole("link", { name: /Read more/ })).toHaveAttribute(
      "href",
      "/services/deep-cleaning",
    );
    expect(within(cards[1]!).getByRole("link", { name: /Book Now/ })).toHaveAttribute("href", "/booking/deep-cleaning");
  });

  it("shows the statistics of the profile's claims", () => {
    mockFetch({ "/api/services": () => json([]) });
    renderRoute(<HomePage />, "/");
    for (const value of ["1500+", "5000+", "98%", "24/7"]) expect(screen.getAllByText(value).length).toBeGreaterThan(0);
    expect(screen.getByText("Years of Experience").nextSibling).toHaveTextContent("15+");
    expect(screen.getByText("Certified Technicians", { selector: "dt" }).nextSibling).toHaveTextContent("15+");
  });

  it("shows a note instead of featured cards when the services cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({});
    renderRoute(<HomePage />, "/");
    expect(await screen.findByText("Our services could not be shown right now.")).toBeInTheDocument();
  });
});

describe("HomePage in Spanish", () => {
  it("shows its banner, reasons and calls to action in Spanish, with the profile's figures", async () => {
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json(SAMPLE_SERVICES) });
    renderInSpanish(<HomePage />, "/");
    // English shows until the catalog has loaded.
    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "Ductos limpios. Aire más sano. Un hogar que respira mejor.",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Agendar" })).toHaveAttribute("href", "/booking");
    expect(screen.getByRole("link", { name: "Nuestros servicios" })).toHaveAttribute("href", "/services");
    expect(screen.getByRole("heading", { name: "Técnicos certificados" })).toBeInTheDocument();
    expect(screen.getByText("98% de satisfacción")).toBeInTheDocument();
    expect(screen.getByText("Clientes satisfechos")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Agendar su limpieza" })).toHaveAttribute("href", "/booking");
  });

  it("lists a featured service's Spanish benefits where the office wrote them, the English where not", async () => {
    const [ducts, ...rest] = SAMPLE_SERVICES;
    const spanish = { ...ducts!, benefitsEs: ["Menos polvo", "Mejor flujo de aire", "Menos alérgenos", "Otro"] };
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json([spanish, ...rest]) });
    renderInSpanish(<HomePage />, "/");
    const cards = await screen.findAllByRole("article");
    expect(
      within(cards[0]!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Menos polvo", "Mejor flujo de aire", "Menos alérgenos"]);
    expect(
      within(cards[1]!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Benefit one", "Benefit two", "Benefit three"]);
  });
});
