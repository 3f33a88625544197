import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetServicesCache } from "../../lib/services.ts";
import { json, mockFetch, SAMPLE_SERVICES } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import ServicesPage from "./ServicesPage.tsx";

beforeEach(() => resetServicesCache());
afterEach(() => vi.unstubAllGlobals());

describe("ServicesPage", () => {
  it("shows a loading state, then one card per service with Read More and Book Your Appointment", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    renderRoute(<ServicesPage />, "/services");
    expect(screen.getByRole("status")).toHaveTextContent("Loading services...");
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(8);
    const first = within(cards[0]!);
    expect(first.getByRole("heading", { name: "Air Duct Cleaning" })).toBeInTheDocument();
    expect(first.getByText("Air Duct Cleaning description")).toBeInTheDocument();
    expect(first.getByRole("link", { name: /Read more/i })).toHaveAttribute("href", "/services/air-duct-cleaning");
    expect(first.getByRole("link", { name: /Book Your Appointment/ })).toHaveAttribute(
      "href",
      "/booking/air-duct-cleaning",
    );
  });

  it("logs a failed fetch and leaves the list empty", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ "/api/services": () => json({ message: "boom" }, 503) });
    renderRoute(<ServicesPage />, "/services");
    expect(await screen.findByText("Our services could not be loaded right now.")).toBeInTheDocument();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(log).toHaveBeenCalled();
  });
});

describe("ServicesPage in Spanish", () => {
  it("titles the page and labels each card's links in Spanish, to the same addresses", async () => {
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json(SAMPLE_SERVICES) });
    renderInSpanish(<ServicesPage />, "/services");
    expect(await screen.findByRole("heading", { level: 1, name: "Nuestros servicios" })).toBeInTheDocument();
    const cards = await screen.findAllByRole("article");
    const first = within(cards[0]!);
    expect(await first.findByRole("link", { name: "Ver más sobre Air Duct Cleaning" })).toHaveAttribute(
      "href",
      "/services/air-duct-cleaning",
    );
    expect(first.getByRole("link", { name: "Agendar su cita: Air Duct Cleaning" })).toHaveAttribute(
      "href",
      "/booking/air-duct-cleaning",
    );
  });

  it("shows each card's Spanish title and description where the office wrote them, else the English", async () => {
    const [ducts, ...rest] = SAMPLE_SERVICES;
    const spanish = { ...ducts!, titleEs: "Limpieza de ductos de aire", descriptionEs: "Limpiamos cada ducto." };
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json([spanish, ...rest]) });
    renderInSpanish(<ServicesPage />, "/services");
    const cards = await screen.findAllByRole("article");
    const first = within(cards[0]!);
    expect(await first.findByRole("heading", { level: 2, name: "Limpieza de ductos de aire" })).toBeInTheDocument();
    expect(first.getByText("Limpiamos cada ducto.")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "Ver más sobre Limpieza de ductos de aire" })).toBeInTheDocument();
    const second = within(cards[1]!);
    expect(second.getByRole("heading", { level: 2, name: "Dryer Vent Cleaning" })).toBeInTheDocument();
    expect(second.getByText("Dryer Vent Cleaning description")).toBeInTheDocument();
  });
});
