import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import NotFoundPage from "./NotFoundPage.tsx";

describe("NotFoundPage", () => {
  it("says the page was not found and links home, to services and to contact", () => {
    renderRoute(<NotFoundPage />, "/nope");
    expect(screen.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services");
    expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  it("says it in Spanish, with the same three links", async () => {
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(<NotFoundPage />, "/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada" })).toBeInTheDocument();
    expect(screen.getByText("La página que busca no existe o cambió de dirección.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Nuestros servicios" })).toHaveAttribute("href", "/services");
    expect(screen.getByRole("link", { name: "Contáctenos" })).toHaveAttribute("href", "/contact");
  });
});
