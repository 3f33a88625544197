import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { describe, expect, it } from "vitest";
import {
  addCustomLine,
  addItem,
  addOption,
  createBody,
  draftProblems,
  newDraft,
  optionTotals,
  previewOf,
  removeOption,
  renameOption,
  setQuantity,
} from "./draft.ts";

const item = (over: Partial<PriceBookItem>): PriceBookItem => ({
  _id: "uv",
  name: "UV light installation",
  description: "",
  unitPriceCents: 34900,
  unitLabel: "each",
  taxable: true,
  active: true,
  ...over,
});
const UV = item({});
const VENT = item({ _id: "vent", name: "Dryer vent re-route", unitPriceCents: 1250, unitLabel: "ft", taxable: false });

describe("the estimate draft", () => {
  it("starts with one option called Good and adds Better and Best, copying the last option's lines", () => {
    let draft = addItem(newDraft("b1"), 0, UV);
    draft = addOption(addOption(draft));
    expect(draft.options.map((o) => o.title)).toEqual(["Good", "Better", "Best"]);
    expect(draft.options[2]!.lines.map((l) => l.description)).toEqual(["UV light installation"]);
    expect(new Set(draft.options.map((o) => o._id)).size).toBe(3);
    expect(addOption(draft).options).toHaveLength(3);
    expect(removeOption(removeOption(removeOption(draft, 2), 1), 0).options).toHaveLength(1);
  });

  it("adds an item already in the option as one more, not a second line", () => {
    const draft = addItem(addItem(newDraft("b1"), 0, UV), 0, UV);
    expect(draft.options[0]!.lines).toMatchObject([{ priceBookItemId: "uv", quantity: 2 }]);
  });

  it("totals an option with the contracts' money rules: tax on taxable lines, rounded once", () => {
    let draft = addItem(addItem(newDraft("b1"), 0, UV), 0, VENT);
    draft = setQuantity(draft, 0, draft.options[0]!.lines[1]!.key, 12);
    // 349.00 taxable + 12 × 12.50 untaxed; 8.25% of 349.00 = 28.7925 → 28.79.
    expect(optionTotals(draft.options[0]!, 8.25)).toEqual({
      subtotalCents: 49900,
      taxCents: 2879,
      totalCents: 52779,
    });
    // A quantity being typed (cleared) counts as nothing.
    draft = setQuantity(draft, 0, draft.options[0]!.lines[1]!.key, Number.NaN);
    expect(optionTotals(draft.options[0]!, 0).subtotalCents).toBe(34900);
  });

  it("names what keeps a draft from being saved, by the contract's rules", () => {
    const empty = renameOption(newDraft("b1"), 0, "  ");
    expect(draftProblems(empty, { customLines: false })).toEqual([
      "Option 1 needs a title.",
      "Option 1 needs at least 1 line.",
    ]);
    const tooMany = setQuantity(addItem(newDraft("b1"), 0, UV), 0, "", 0);
    const line = tooMany.options[0]!.lines[0]!;
    expect(draftProblems(setQuantity(tooMany, 0, line.key, 1001), { customLines: false })).toEqual([
      "Quantity must be at most 1000",
    ]);
    expect(draftProblems(setQuantity(tooMany, 0, line.key, 2), { customLines: false })).toEqual([]);
  });

  it("lets only the office write lines by hand", () => {
    const draft = addCustomLine(newDraft("b1"), 0, {
      description: "Seal return plenum",
      unitPriceCents: 8500,
      taxable: false,
    });
    expect(draftProblems(draft, { customLines: false })).toEqual([
      "Good: only the office may add lines that are not in the price book.",
    ]);
    expect(draftProblems(draft, { customLines: true })).toEqual([]);
  });

  it("sends the device's ids, the lines by their source, and the time it was made", () => {
    let draft = addItem(newDraft("b1"), 0, UV);
    draft = addCustomLine(draft, 0, { description: "Seal plenum", unitPriceCents: 8500, taxable: false });
    const at = new Date("2030-06-10T14:00:00.000Z");
    expect(createBody(draft, at)).toEqual({
      _id: draft._id,
      bookingId: "b1",
      options: [
        {
          _id: draft.options[0]!._id,
          title: "Good",
          lines: [
            { priceBookItemId: "uv", quantity: 1 },
            { description: "Seal plenum", quantity: 1, unitPriceCents: 8500, taxable: false },
          ],
        },
      ],
      at: "2030-06-10T14:00:00.000Z",
    });
  });

  it("previews the estimate as the server will price it, without a number", () => {
    const draft = addItem(newDraft("b1"), 0, UV);
    const preview = previewOf(
      draft,
      { taxRatePercent: 7, taxLabel: "Sales tax" },
      "Tom",
      new Date("2030-06-10T14:00:00Z"),
    );
    expect(preview).toMatchObject({ number: "", status: "draft", expiresAt: "2030-07-10T14:00:00.000Z" });
    expect(preview.options[0]).toMatchObject({ subtotalCents: 34900, taxCents: 2443, totalCents: 37343 });
    expect(preview.options[0]!.lines[0]).toMatchObject({ amountCents: 34900, taxable: true });
  });
});
