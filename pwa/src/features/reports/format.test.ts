import { describe, expect, it } from "vitest";
import { bucketLabel, change } from "./format.ts";

describe("report labels", () => {
  it("names a bucket by its step", () => {
    expect(bucketLabel("2026-03-03", "day")).toBe("Mar 3");
    expect(bucketLabel("2026-03-02", "week")).toBe("Week of Mar 2");
    expect(bucketLabel("2026-03-01", "month")).toBe("March 2026");
  });

  it("compares with the previous period in words", () => {
    expect(change(120, 100)).toEqual({ text: "+20% vs previous period", direction: "up" });
    expect(change(50, 100)).toEqual({ text: "−50% vs previous period", direction: "down" });
    expect(change(3, 0)).toEqual({ text: "None in the previous period", direction: "up" });
    expect(change(0, 0)).toEqual({ text: "Same as the previous period", direction: "same" });
  });
});
