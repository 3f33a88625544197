import { DEFAULT_BOOKING_RULES, type BookingRules } from "@contracts/schedule/rules.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch.ts";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import { DateField } from "./DateField.tsx";
import { PriceCard } from "./PriceCard.tsx";
import { StateSelect } from "./StateSelect.tsx";
import { UnitSelect } from "./UnitSelect.tsx";
import { UnitTypeSelect } from "./UnitTypeSelect.tsx";

// 2026-03-10 03:30 UTC is still Monday March 9 in New York: tomorrow there is Tuesday March 10.
const NOW = new Date("2026-03-10T03:30:00Z");
const RULES: BookingRules = {
  ...DEFAULT_BOOKING_RULES,
  horizonDays: 30,
  hours: { ...DEFAULT_BOOKING_RULES.hours, sunday: null },
  closedDates: [{ from: "2026-03-17", to: "2026-03-18", reason: "Staff training" }],
};

function DateHarness() {
  const [value, setValue] = useState("");
  return <DateField value={value} now={NOW} rules={RULES} onChange={setValue} />;
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByLabelText("Fecha preferida");
  await user.clear(input);
  await user.type(input, text);
}

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

  it("name the kinds of equipment in Spanish and send the English value the API stores", async () => {
    mockFetch(SPANISH_CATALOG);
    const user = userEvent.setup();
    const chosen: string[] = [];
    renderInSpanish(<UnitTypeSelect value="Carrier 59TP6" onChange={(v) => chosen.push(v)} />, "/booking");
    const select = await screen.findByRole("combobox", { name: "Calefactor o tipo de equipo" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "No aplica",
      "Calefactor",
      "Manejadora de aire",
      "Bomba de calor",
      "Aire acondicionado central",
      "Caldera",
      "Otro",
      "Carrier 59TP6",
    ]);
    await user.selectOptions(select, "Bomba de calor");
    expect(chosen).toEqual(["Heat Pump"]);
  });

  it("write the typed date out in Spanish and refuse a date the business cannot take in Spanish", async () => {
    mockFetch(SPANISH_CATALOG);
    const user = userEvent.setup();
    renderInSpanish(<DateHarness />, "/booking");
    await screen.findByLabelText("Fecha preferida");
    await typeDate(user, "03/10/2026");
    expect(await screen.findByText("martes, 10 de marzo de 2026")).toBeInTheDocument();
    await typeDate(user, "03/15/2026");
    expect(await screen.findByText("Estamos cerrados los domingos")).toBeInTheDocument();
    await typeDate(user, "03/17/2026");
    expect(screen.getByText("Estamos cerrados el 17 de marzo de 2026 (Staff training)")).toBeInTheDocument();
    await typeDate(user, "04/09/2026");
    expect(screen.getByText("Por favor elija una fecha dentro de los próximos 30 días")).toBeInTheDocument();
    expect(screen.getByLabelText("Fecha preferida")).toBeInvalid();
    await typeDate(user, "03/09/2026");
    expect(screen.getByText("Por favor elija una fecha a partir de mañana.")).toBeInTheDocument();
    await typeDate(user, "02/30/2026");
    expect(screen.getByText("La fecha no es válida.")).toBeInTheDocument();
  });

  it("show the calendar's month, weekdays and closed days in Spanish", async () => {
    mockFetch(SPANISH_CATALOG);
    const user = userEvent.setup();
    renderInSpanish(<DateHarness />, "/booking");
    await user.click(await screen.findByRole("button", { name: "Abrir el calendario" }));
    const calendar = await screen.findByRole("dialog", { name: "Elija una fecha" });
    expect(within(calendar).getByText("marzo de 2026")).toBeInTheDocument();
    const heads = within(calendar).getAllByRole("columnheader");
    expect(heads.map((head) => head.textContent)).toEqual(["D", "L", "M", "X", "J", "V", "S"]);
    expect(heads[3]).toHaveAttribute("abbr", "miércoles");
    expect(within(calendar).getByRole("button", { name: "domingo, 15 de marzo de 2026 (cerrado)" })).toBeDisabled();
    expect(within(calendar).getByRole("button", { name: "jueves, 19 de marzo de 2026" })).toBeEnabled();
    expect(
      within(calendar).getByText("Los días cerrados no se pueden elegir · desde el martes, 10 de marzo de 2026"),
    ).toBeInTheDocument();
    await user.click(within(calendar).getByRole("button", { name: "Mes siguiente" }));
    expect(within(calendar).getByText("abril de 2026")).toBeInTheDocument();
  });
});
