import "fake-indexeddb/auto";
import type { Estimate } from "@contracts/estimates/estimate.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { saveEstimateWork } from "../../lib/offline-queue/estimateWrites.ts";
import { makeEstimate } from "../../test/estimateFixtures.ts";
import { json, mockFetch, setOffline, signedInOnFreshQueue, ADMIN } from "../../test/offlineQueue.ts";
import { EstimatesPanel } from "./EstimatesPanel.tsx";

const SENT = makeEstimate();

const APPROVED = makeEstimate({
  _id: "5d1c7a2e-1b7f-4a51-8b8c-0f0e3a9d6c21",
  number: "E-1008",
  status: "approved",
  approvedOptionId: "o2",
  approval: { via: "link", signedBy: "Jane Doe", at: "", receivedAt: "", signatureUrl: null },
});

function show(estimates: Estimate[], office: boolean) {
  const onChanged = vi.fn();
  render(
    <EstimatesPanel
      bookingId="b1"
      estimates={estimates}
      office={office}
      closed={false}
      tax={{ taxRatePercent: 0, taxLabel: "Sales tax" }}
      me="Tom Tech"
      onChanged={onChanged}
    />,
  );
  return { panel: screen.getByRole("region", { name: "Estimates" }), onChanged };
}

signedInOnFreshQueue(ADMIN);

describe("EstimatesPanel", () => {
  it("lists the booking's estimates with their options' totals, and the approved work with its total", async () => {
    mockFetch(json(200, { data: [] }));
    const { panel } = show([SENT, APPROVED], false);
    const rows = await within(panel).findAllByTestId("estimate-row");
    expect(rows[0]).toHaveTextContent("E-1007Sent");
    expect(rows[0]).toHaveTextContent("Good $349.00Better $589.00");
    expect(within(rows[0]!).getByRole("button", { name: "Have the Customer Sign" })).toBeEnabled();
    expect(rows[1]).toHaveTextContent("Better approved by Jane Doe through the link.");
    expect(within(rows[1]!).queryByRole("button", { name: "Have the Customer Sign" })).not.toBeInTheDocument();
    // A technician does not e-mail estimates.
    expect(within(panel).queryByRole("button", { name: /Send/ })).not.toBeInTheDocument();
    const work = screen.getByRole("region", { name: /Approved Work/ });
    expect(within(work).getByTestId("approved-work-total")).toHaveTextContent("$589.00");
    expect(work).toHaveTextContent("Better · E-1008");
  });

  it("shows an estimate made offline as waiting, without a number, until the server has it", async () => {
    setOffline(true);
    mockFetch(new TypeError("Failed to fetch"));
    const preview = makeEstimate({ _id: "7e57a1c3-2f4b-4d6a-9c8e-1a2b3c4d5e6f", number: "", status: "draft" });
    await saveEstimateWork({ type: "create", bookingId: "b1", body: { bookingId: "b1", options: [] }, preview });
    const { panel } = show([], false);
    const row = await within(panel).findByTestId("estimate-row");
    expect(row).toHaveTextContent("New estimateNot sentWaiting to be sent");
    expect(within(row).queryByRole("button", { name: /PDF/ })).not.toBeInTheDocument();
  });

  it("lets the office e-mail the link, then reads the booking again", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(json(200, { data: [] }), json(200, { data: SENT }));
    const { panel, onChanged } = show([SENT], true);
    await user.click(within(panel).getByRole("button", { name: "Send Again" }));
    expect(await within(panel).findByText("Estimate E-1007 was e-mailed to the customer.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`)).toContain(
      `POST /api/estimates/${SENT._id}/send`,
    );
    expect(onChanged).toHaveBeenCalled();
  });
});
