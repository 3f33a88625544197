import "fake-indexeddb/auto";
import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { waitingEstimateWork } from "../../lib/offline-queue/estimateWrites.ts";
import { json, mockFetch, setOffline, signedInOnFreshQueue, TECHNICIAN } from "../../test/offlineQueue.ts";
import { EstimateBuilder } from "./EstimateBuilder.tsx";

const item = (_id: string, name: string, unitPriceCents: number, over: Partial<PriceBookItem> = {}) => ({
  _id,
  name,
  description: "",
  unitPriceCents,
  unitLabel: "each",
  taxable: true,
  active: true,
  ...over,
});
const BOOK = [
  item("uv", "UV light installation", 34900),
  item("coil", "Evaporator coil cleaning", 24900),
  item("vent", "Dryer vent re-route", 1250, { unitLabel: "ft", taxable: false }),
  item("gone", "Old item", 100, { active: false }),
];

signedInOnFreshQueue(TECHNICIAN);

function open(props: { customLines?: boolean } = {}) {
  const onSaved = vi.fn();
  render(
    <EstimateBuilder
      bookingId="b1"
      customLines={props.customLines ?? false}
      tax={{ taxRatePercent: 8.25, taxLabel: "Sales tax" }}
      createdBy="Tom Tech"
      onSaved={onSaved}
      onClose={() => undefined}
    />,
  );
  return { dialog: screen.getByRole("dialog", { name: "New Estimate" }), onSaved };
}

describe("EstimateBuilder", () => {
  it("searches the price book as you type, offers only active items, and keeps running totals per option", async () => {
    const user = userEvent.setup();
    mockFetch(json(200, { data: BOOK }));
    const { dialog } = open();
    const results = await within(dialog).findByRole("list", { name: "Price book items" });
    expect(within(results).getAllByRole("button")).toHaveLength(3);
    await user.type(within(dialog).getByRole("searchbox", { name: "Search the price book" }), "coil");
    expect(
      within(results)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Add Evaporator coil cleaning to Good"]);
    await user.click(within(results).getByRole("button"));
    await user.clear(within(dialog).getByRole("searchbox"));
    await user.click(within(dialog).getByRole("button", { name: "Add Dryer vent re-route to Good" }));
    const qty = within(dialog).getByRole("spinbutton", { name: "Quantity of Dryer vent re-route in Good" });
    await user.clear(qty);
    await user.type(qty, "12");
    // 249.00 taxable at 8.25% = 20.5425 → 20.54; 12 × 12.50 untaxed.
    const totals = within(dialog).getByRole("group", { name: "Option 1" });
    expect(within(totals).getByLabelText("Good totals")).toHaveTextContent(
      "Subtotal$399.00Sales tax (8.25%)$20.54Total$419.54",
    );
  });

  it("adds a second option titled Better that starts from the first one's lines, its title editable", async () => {
    const user = userEvent.setup();
    mockFetch(json(200, { data: BOOK }));
    const { dialog } = open();
    await user.click(await within(dialog).findByRole("button", { name: "Add UV light installation to Good" }));
    await user.click(within(dialog).getByRole("button", { name: "+ Add option 2 of 3" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Evaporator coil cleaning to Better" }));
    const title = within(dialog).getByRole("textbox", { name: "Option 2 title" });
    await user.clear(title);
    await user.type(title, "Premium");
    expect(within(dialog).getByTestId("option-1-total")).toHaveTextContent("$377.79");
    expect(within(dialog).getByTestId("option-2-total")).toHaveTextContent("$647.34");
  });

  it("refuses to save an option without lines, naming it", async () => {
    const user = userEvent.setup();
    mockFetch(json(200, { data: BOOK }));
    const { dialog, onSaved } = open();
    await within(dialog).findByRole("list", { name: "Price book items" });
    await user.click(within(dialog).getByRole("button", { name: "Save Estimate" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Good needs at least 1 line.");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("offline, builds from the device's copy of the price book and keeps the estimate on the device", async () => {
    const user = userEvent.setup();
    mockFetch(json(200, { data: BOOK }));
    const first = open();
    await within(first.dialog).findByRole("list", { name: "Price book items" });
    first.dialog.remove();

    setOffline(true);
    mockFetch(new TypeError("Failed to fetch"));
    const { dialog, onSaved } = open();
    expect(await within(dialog).findByText("Prices as last loaded on this device.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Add UV light installation to Good" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Estimate" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith({ estimateId: expect.any(String), sent: false }));
    const [waiting] = await waitingEstimateWork("b1");
    expect(waiting?.work).toMatchObject({
      type: "create",
      body: { bookingId: "b1", options: [{ title: "Good", lines: [{ priceBookItemId: "uv", quantity: 1 }] }] },
      preview: { number: "", options: [{ totalCents: 37779 }] },
    });
  });

  it("offers the office a line written by hand; a technician never sees it", async () => {
    mockFetch(json(200, { data: BOOK }));
    const tech = open();
    await within(tech.dialog).findByRole("list", { name: "Price book items" });
    expect(within(tech.dialog).queryByText("Add a line that is not in the price book")).not.toBeInTheDocument();
    tech.dialog.remove();
    const office = open({ customLines: true });
    expect(within(office.dialog).getByText("Add a line that is not in the price book")).toBeInTheDocument();
  });
});
