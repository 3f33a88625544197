import type { EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { makeOption } from "../../test/estimateFixtures.ts";
import { Decide } from "./Decide.tsx";

const VIEW = {
  options: [{ ...makeOption("o1", "UV light", 44900), depositCents: 11225 }],
  taxLabel: "Sales tax",
  taxRatePercent: 0,
} as unknown as EstimatePublicView;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const page = () => <Decide view={VIEW} token="tok-1" onDecided={() => undefined} />;

// The estimate page is rendered by the server: on a slow phone the customer types before React takes it over.
describe("approving an estimate served rendered", () => {
  it("counts the name typed before the page hydrated, so Approve is enabled", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(page());
    document.body.append(container);
    const approve = screen.getByRole("button", { name: "Approve and pay the $112.25 deposit" });
    expect(approve).toBeDisabled();
    (screen.getByLabelText(/^Your full name/) as HTMLInputElement).value = "Dana Deposit";

    await act(async () => {
      root = hydrateRoot(container, page());
    });
    expect(screen.getByLabelText(/^Your full name/)).toHaveValue("Dana Deposit");
    expect(approve).toBeEnabled();
  });
});
