import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceCard } from "./PriceCard.tsx";

describe("PriceCard", () => {
  it("shows original price, no discount and total with 2 decimals for one unit", () => {
    render(<PriceCard serviceType="air-duct-cleaning" unitCount={1} />);
    expect(screen.getByTestId("price-original")).toHaveTextContent("$199.00");
    expect(screen.getByTestId("price-discount")).toHaveTextContent("$0.00");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$199.00");
  });

  it("applies the 10% discount from 2 units on", () => {
    render(<PriceCard serviceType="air-duct-cleaning" unitCount={2} />);
    expect(screen.getByTestId("price-original")).toHaveTextContent("$398.00");
    expect(screen.getByTestId("price-discount")).toHaveTextContent("$39.80");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$358.20");
    expect(screen.getByText("Discount (10%)")).toBeInTheDocument();
  });

  it("follows the unit count when it changes", () => {
    const { rerender } = render(<PriceCard serviceType="dryer-vent-cleaning" unitCount={1} />);
    expect(screen.getByTestId("price-total")).toHaveTextContent("$99.00");
    rerender(<PriceCard serviceType="dryer-vent-cleaning" unitCount={5} />);
    expect(screen.getByTestId("price-original")).toHaveTextContent("$495.00");
    expect(screen.getByTestId("price-discount")).toHaveTextContent("$49.50");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$445.50");
  });

  it("asks for a service when none is chosen", () => {
    render(<PriceCard serviceType="" unitCount={1} />);
    expect(screen.getByText("Choose a service to see your price.")).toBeInTheDocument();
  });

  it("prices a service an admin added at its listed price, with the business's own tiers", () => {
    const services = [{ _id: "attic-fan", title: "Attic Fan Cleaning", price: 80 }];
    const tiers = [{ minUnits: 3, percent: 20 }];
    const { rerender } = render(<PriceCard serviceType="attic-fan" unitCount={2} services={services} tiers={tiers} />);
    expect(screen.getByText(/Attic Fan Cleaning/)).toBeInTheDocument();
    expect(screen.getByTestId("price-total")).toHaveTextContent("$160.00");
    expect(screen.getByText("Save 20% when you book 3 or more units.")).toBeInTheDocument();
    rerender(<PriceCard serviceType="attic-fan" unitCount={3} services={services} tiers={tiers} />);
    expect(screen.getByTestId("price-discount")).toHaveTextContent("$48.00");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$192.00");
  });
});
