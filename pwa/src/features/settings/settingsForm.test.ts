import { DEFAULT_BOOKING_RULES } from "@contracts/schedule/rules.ts";
import { DEFAULT_TRAVEL_RULES, SEEDED_SERVICE_WORK } from "@contracts/schedule/board.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { DEFAULT_REMINDERS } from "@contracts/outbox/reminders.ts";
import {
  DEFAULT_MONEY_OPTIONS,
  DEFAULT_RATINGS,
  DEFAULT_TAX,
  settingsProfileOf,
} from "@contracts/settings/settings.ts";
import { describe, expect, it } from "vitest";
import { addRow, changeRow, fieldsOf, updateOf } from "./settingsForm.ts";

const fields = fieldsOf({
  profile: settingsProfileOf(DEFAULT_PROFILE),
  ...DEFAULT_BOOKING_RULES,
  slotCapacity: 2,
  reminders: DEFAULT_REMINDERS,
  ...DEFAULT_TAX,
  ...DEFAULT_RATINGS,
  ...DEFAULT_MONEY_OPTIONS,
  serviceWork: { ...SEEDED_SERVICE_WORK },
  travel: DEFAULT_TRAVEL_RULES,
});

describe("the Settings form's rows", () => {
  it("adds, changes and removes one row of a list, leaving the others", () => {
    let f = addRow(addRow(fields, "closedDates"), "closedDates");
    const [first, second] = f.closedDates;
    f = changeRow(f, "closedDates", first!.key, { from: "2026-11-26", reason: "Thanksgiving" });
    f = changeRow(f, "closedDates", second!.key, { from: "2026-12-25", reason: "Christmas" });
    f = changeRow(f, "closedDates", first!.key, null);
    f = changeRow(f, "discountTiers", f.discountTiers[0]!.key, { percent: "15" });

    expect(updateOf(f)).toMatchObject({
      update: {
        closedDates: [{ from: "2026-12-25", to: "2026-12-25", reason: "Christmas" }],
        discountTiers: [{ minUnits: 2, percent: 15 }],
      },
    });
  });

  it("sends the tax rate as a number and refuses one with more than two decimals before sending", () => {
    expect(updateOf({ ...fields, taxRatePercent: "8.25", taxLabel: "NC sales tax" })).toMatchObject({
      update: { taxRatePercent: 8.25, taxLabel: "NC sales tax" },
    });
    expect(updateOf({ ...fields, taxRatePercent: "7.125" })).toEqual({
      problem: "Tax rate must have at most 2 decimals",
    });
    expect(updateOf({ ...fields, taxRatePercent: "" })).toEqual({ problem: "Tax rate must be a number" });
  });

  it("a new row starts empty, so saving it unfilled is refused before sending", () => {
    const f = addRow(fields, "discountTiers");
    expect(f.discountTiers.at(-1)).toMatchObject({ minUnits: "", percent: "" });
    expect(updateOf(f)).toEqual({ problem: expect.any(String) as string });
  });
});
