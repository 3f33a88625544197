import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@contracts/common/messages.ts";
import { json, makeService, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import ServiceDetailPage from "./ServiceDetailPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const withPackages = makeService("air-duct-cleaning", "Air Duct Cleaning", {
  titleEs: "Limpieza de ductos de aire",
  descriptionEs: "Limpiamos cada ducto de su casa.",
  packages: [
    { name: "Basic", price: 199, features: ["Up to 10 vents"], isPopular: false },
    { name: "Whole Home Plus", price: 449.5, features: ["Unlimited vents", "Sanitizing"], isPopular: true },
  ],
});

/** The office wrote the Spanish of some of its words: the rest stays English on a Spanish page. */
const withSpanishDetails = makeService("air-duct-cleaning", "Air Duct Cleaning", {
  benefitsEs: ["Menos polvo en la casa", "Mejor flujo de aire"],
  processEs: ["Revisamos", "Limpiamos"],
  durationEs: "2 a 3 horas",
  packages: [
    { name: "Basic", price: 199, features: ["Up to 10 vents"], isPopular: false },
    {
      name: "Whole Home Plus",
      nameEs: "Casa completa",
      price: 449.5,
      features: ["Unlimited vents"],
      featuresEs: ["Rejillas ilimitadas"],
      isPopular: true,
    },
  ],
});

const show = (id: string) => renderRoute(<ServiceDetailPage />, `/services/${id}`, "/services/:serviceId");

describe("ServiceDetailPage", () => {
  it("shows 'Loading service details...' while the service loads", () => {
    mockFetch({ "/api/services/air-duct-cleaning": () => new Promise<Response>(() => {}) });
    const { container } = show("air-duct-cleaning");
    expect(screen.getByText("Loading service details...")).toBeInTheDocument();
    // The service's own image already, in its slot: the largest element does not change when the data arrives.
    expect(container.querySelector("img.detail-intro__img")).toHaveAttribute(
      "src",
      "/images/services/air-duct-cleaning.svg",
    );
  });

  it("keeps a plain placeholder while a service of the owner's own loads (its image is not known yet)", () => {
    mockFetch({ "/api/services/attic-insulation": () => new Promise<Response>(() => {}) });
    const { container } = show("attic-insulation");
    expect(container.querySelector("img.detail-intro__img")).toBeNull();
    expect(container.querySelector(".skeleton.detail-intro__img")).not.toBeNull();
  });

  it("shows package cards with $ price, features, duration and a Book link with the package slug", async () => {
    mockFetch({ "/api/services/air-duct-cleaning": () => json(withPackages) });
    show("air-duct-cleaning");
    expect(await screen.findByRole("heading", { level: 1, name: "Air Duct Cleaning" })).toBeInTheDocument();
    const cards = screen.getAllByRole("listitem").filter((li) => li.classList.contains("package"));
    expect(cards).toHaveLength(2);
    const popular = within(cards[1]!);
    expect(popular.getByText("$449.50")).toBeInTheDocument();
    expect(popular.getByText("Sanitizing")).toBeInTheDocument();
    expect(popular.getByText("Service duration: 2-3 hours")).toBeInTheDocument();
    expect(popular.getByText("Most Popular")).toBeInTheDocument();
    expect(cards[1]).toHaveClass("package--popular");
    expect(cards[0]).not.toHaveClass("package--popular");
    expect(popular.getByRole("link", { name: "Book Whole Home Plus package" })).toHaveAttribute(
      "href",
      "/booking/air-duct-cleaning?package=whole-home-plus",
    );
  });

  it("shows the hero image, benefits, numbered process and Schedule Online", async () => {
    mockFetch({ "/api/services/air-duct-cleaning": () => json(withPackages) });
    show("air-duct-cleaning");
    expect(await screen.findByRole("img", { name: "Air Duct Cleaning illustration" })).toHaveAttribute(
      "src",
      "/images/services/air-duct-cleaning.svg",
    );
    expect(screen.getByText("Benefit four")).toBeInTheDocument();
    const process = within(screen.getByRole("region", { name: "Our Process" }));
    expect(process.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["1Inspect", "2Clean", "3Review"]);
    for (const link of screen.getAllByRole("link", { name: "Schedule Online" }))
      expect(link).toHaveAttribute("href", "/booking/air-duct-cleaning");
  });

  it("says 'No packages available for this service.' when it has none", async () => {
    mockFetch({ "/api/services/dryer-vent-cleaning": () => json(makeService("dryer-vent-cleaning", "Dryer Vent")) });
    show("dryer-vent-cleaning");
    expect(await screen.findByText("No packages available for this service.")).toBeInTheDocument();
  });

  it("shows 'Service Not Found' with a Back to Services link for an unknown id", async () => {
    mockFetch({ "/api/services/nope": () => json({ message: "Not found" }, 404) });
    show("nope");
    expect(await screen.findByRole("heading", { name: "Service Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The requested service could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Services" })).toHaveAttribute("href", "/services");
  });

  it("shows 'Service Not Found' and logs when the fetch fails", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({});
    show("air-duct-cleaning");
    expect(await screen.findByRole("heading", { name: "Service Not Found" })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it("shows the English title and description in English though the service has Spanish ones", async () => {
    mockFetch({ "/api/services/air-duct-cleaning": () => json(withPackages) });
    show("air-duct-cleaning");
    expect(await screen.findByRole("heading", { level: 1, name: "Air Duct Cleaning" })).toBeInTheDocument();
    expect(screen.getByText("Air Duct Cleaning description")).toBeInTheDocument();
  });

  it("shows the English benefits, steps, duration and packages in English though the service has Spanish ones", async () => {
    mockFetch({ "/api/services/air-duct-cleaning": () => json(withSpanishDetails) });
    show("air-duct-cleaning");
    expect(await screen.findByText("Benefit one")).toBeInTheDocument();
    expect(screen.getAllByText("Service duration: 2-3 hours")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Whole Home Plus" })).toBeInTheDocument();
    expect(screen.getByText("Unlimited vents")).toBeInTheDocument();
    expect(screen.queryByText(/Rejillas|Menos polvo|Revisamos/)).not.toBeInTheDocument();
  });
});

describe("ServiceDetailPage in Spanish", () => {
  it("names a catalog service and its page's parts in Spanish, with its prices and package links", async () => {
    mockFetch({ ...SPANISH_CATALOG, "/api/services/air-duct-cleaning": () => json(withPackages) });
    renderInSpanish(<ServiceDetailPage />, "/services/air-duct-cleaning", "/services/:serviceId");
    // The Spanish title is the service's own data; the page's words come with the Spanish catalog.
    expect(await screen.findByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    expect(await screen.findByRole("heading", { level: 1, name: "Limpieza de ductos de aire" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Paquetes y precios" })).toBeInTheDocument();
    expect(screen.getByText("El más solicitado")).toBeInTheDocument();
    expect(screen.getByText("$449.50")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Agendar el paquete Whole Home Plus" })).toHaveAttribute(
      "href",
      "/booking/air-duct-cleaning?package=whole-home-plus",
    );
    expect(
      screen.getByRole("heading", { name: "¿Listo para agendar su limpieza de ductos de aire?" }),
    ).toBeInTheDocument();
  });

  it("shows the service's Spanish description, and the English one of a service the office wrote none for", async () => {
    mockFetch({ ...SPANISH_CATALOG, "/api/services/air-duct-cleaning": () => json(withPackages) });
    const shown = renderInSpanish(<ServiceDetailPage />, "/services/air-duct-cleaning", "/services/:serviceId");
    expect(await screen.findByText("Limpiamos cada ducto de su casa.")).toBeInTheDocument();
    expect(screen.queryByText("Air Duct Cleaning description")).not.toBeInTheDocument();
    shown.unmount();

    const attic = makeService("attic-fan-cleaning", "Attic Fan Cleaning");
    mockFetch({ ...SPANISH_CATALOG, "/api/services/attic-fan-cleaning": () => json(attic) });
    renderInSpanish(<ServiceDetailPage />, "/services/attic-fan-cleaning", "/services/:serviceId");
    expect(await screen.findByRole("heading", { level: 1, name: "Attic Fan Cleaning" })).toBeInTheDocument();
    expect(screen.getByText("Attic Fan Cleaning description")).toBeInTheDocument();
  });

  it("shows the Spanish the office wrote of its benefits, steps, duration and packages, the English of the rest", async () => {
    mockFetch({ ...SPANISH_CATALOG, "/api/services/air-duct-cleaning": () => json(withSpanishDetails) });
    renderInSpanish(<ServiceDetailPage />, "/services/air-duct-cleaning", "/services/:serviceId");
    expect(await screen.findByText("Menos polvo en la casa")).toBeInTheDocument();
    expect(screen.queryByText("Benefit one")).not.toBeInTheDocument();
    const process = within(screen.getByRole("region", { name: "Nuestro proceso" }));
    expect(process.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["1Revisamos", "2Limpiamos"]);
    expect(screen.getByText("2 a 3 horas")).toBeInTheDocument();
    // No Spanish coverage written: the English one.
    expect(screen.getByText("Whole home")).toBeInTheDocument();
    const cards = screen.getAllByRole("listitem").filter((li) => li.classList.contains("package"));
    const plus = within(cards[1]!);
    expect(plus.getByRole("heading", { name: "Casa completa" })).toBeInTheDocument();
    expect(plus.getByText("Rejillas ilimitadas")).toBeInTheDocument();
    expect(plus.getByText("Duración del servicio: 2 a 3 horas")).toBeInTheDocument();
    // Named in Spanish, linked by its English name: the booking form finds the package by that slug.
    expect(plus.getByRole("link", { name: "Agendar el paquete Casa completa" })).toHaveAttribute(
      "href",
      "/booking/air-duct-cleaning?package=whole-home-plus",
    );
    const basic = within(cards[0]!);
    expect(basic.getByRole("heading", { name: "Basic" })).toBeInTheDocument();
    expect(basic.getByText("Up to 10 vents")).toBeInTheDocument();
  });

  it("keeps the English of the texts the API also writes word for word", async () => {
    mockFetch({ "/api/services/missing": () => json({ message: "Service not found" }, 404) });
    show("missing");
    expect(await screen.findByText(MESSAGES.serviceNotFoundText)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: MESSAGES.serviceNotFoundTitle })).toBeInTheDocument();
  });
});
