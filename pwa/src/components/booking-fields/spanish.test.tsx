import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch.ts";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import { PriceCard } from "./PriceCard.tsx";
import { StateSelect } from "./StateSelect.tsx";
import { UnitSelect } from "./UnitSelect.tsx";

describe("the booking form's shared fields in Spanish", () => {
  it("price the visit in Spanish words, with the same figures", async () => {
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(<PriceCard serviceType="air-duct-cleaning" unitCount={2} />, "/booking");
    expect(await screen.findByText("Precio estimado")).toBeInTheDocument();
    expect(screen.getByText("Descuento (10%)")).toBeInTheDocument();
    expect(screen.getByText(/2 equipos × \$199\.00/)).toBeInTheDocument();
    expect(screen.getByTestId("price-total")).toHaveTextContent("$358.20");
  });

  it("name the units one by one and many, and keep the values the API takes", async () => {
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(
      <>
        <UnitSelect value={1} onChange={() => undefined} />
        <StateSelect value="NC" onChange={() => undefined} />
      </>,
      "/booking",
    );
    const units = await screen.findByRole("combobox", { name: "Número de equipos" });
    expect(screen.getByRole("option", { name: "1 equipo" })).toHaveValue("1");
    expect(screen.getByRole("option", { name: "3 equipos" })).toHaveValue("3");
    expect(units).toHaveValue("1");
    expect(screen.getByRole("combobox", { name: "Estado" })).toHaveValue("NC");
  });
});
