import type { JoinOffer } from "@contracts/plans/plan.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeService, mockFetch } from "../../test/fetch.ts";
import JoinPlan from "./JoinPlan.tsx";

const OFFER: JoinOffer = {
  plans: [
    {
      _id: "p1",
      name: "Clean Air Club",
      description: "Your air, looked after all year.",
      priceCents: 1900,
      period: "month",
      memberDiscountPercent: 15,
      visits: [{ serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 }],
    },
  ],
  properties: [
    { _id: "h1", address: "1200 East Blvd, Charlotte, NC 28203" },
    { _id: "h2", address: "8 Pine St, Charlotte, NC 28203" },
  ],
  online: true,
};

afterEach(() => vi.unstubAllGlobals());

describe("joining a plan from the customer's page", () => {
  it("offers the plans for a chosen property and goes on to the card payment page", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "/api/services": () => json([makeService("dryer-vent-cleaning", "Dryer Vent Cleaning")]),
      "POST /api/portal/memberships": (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ data: { _id: "m1", status: "pending", checkoutUrl: "https://pay.example/cs_1" } }, 201);
      },
    });
    const go = vi.fn();
    render(<JoinPlan initial={OFFER} go={go} />);
    expect(screen.getByRole("heading", { name: "Service plans" })).toBeInTheDocument();
    expect(screen.getByText("Clean Air Club · $19.00 / month")).toBeInTheDocument();
    expect(screen.getByText("15 % off any other work")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "For" }), "h2");
    await userEvent.click(screen.getByRole("button", { name: "Join Clean Air Club" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("https://pay.example/cs_1"));
    expect(sent).toEqual([{ planId: "p1", propertyId: "h2" }]);
  });

  it("says the server's refusal, and offers nothing when card payment is not set up or no property is free", async () => {
    mockFetch({
      "/api/services": () => json([]),
      "POST /api/portal/memberships": () => json({ message: "This property already has a membership" }, 409),
    });
    const { unmount } = render(<JoinPlan initial={{ ...OFFER, properties: [OFFER.properties[0]!] }} go={vi.fn()} />);
    expect(screen.getByText("For 1200 East Blvd, Charlotte, NC 28203")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Join Clean Air Club" }));
    expect(await screen.findByText("This property already has a membership")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join Clean Air Club" })).toBeEnabled();
    unmount();
    const offline = render(<JoinPlan initial={{ ...OFFER, online: false }} />);
    expect(offline.container).toBeEmptyDOMElement();
    offline.unmount();
    expect(render(<JoinPlan initial={{ ...OFFER, properties: [] }} />).container).toBeEmptyDOMElement();
  });
});
