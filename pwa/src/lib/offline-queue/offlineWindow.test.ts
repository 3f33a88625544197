import { describe, expect, it } from "vitest";
import { makeBooking } from "../../test/staffFixtures.ts";
import { describeCopy, OFFLINE_WINDOW, windowAround, withinCap } from "./offlineWindow.ts";

describe("the offline window", () => {
  it("spans a week back and a month ahead of the business's today", () => {
    expect(windowAround("2026-11-28")).toEqual({ from: "2026-11-21", to: "2026-12-28" });
  });

  it("keeps at most the cap's number of bookings, the nearest first, and says it was cut", () => {
    const many = Array.from({ length: OFFLINE_WINDOW.maxBookings + 100 }, (_, i) => makeBooking({ _id: `b${i}` }));
    const { kept, truncated } = withinCap(many);
    expect(kept).toHaveLength(OFFLINE_WINDOW.maxBookings);
    expect(kept[0]!._id).toBe("b0");
    expect(truncated).toBe(true);
    expect(withinCap(many.slice(0, 3))).toEqual({ kept: many.slice(0, 3), truncated: false });
  });

  it("keeps within the byte cap too", () => {
    const big = Array.from({ length: 50 }, (_, i) => makeBooking({ _id: `b${i}`, comment: "x".repeat(200_000) }));
    const { kept, truncated } = withinCap(big);
    expect(kept.length).toBeLessThan(50);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(OFFLINE_WINDOW.maxBytes);
    expect(truncated).toBe(true);
  });

  it("says what the copy holds, its window and its share of the cap", () => {
    const bookings = Array.from({ length: 312 }, (_, i) => makeBooking({ _id: `b${i}` }));
    const text = describeCopy({
      bookings,
      services: [],
      syncedAt: "2026-11-28T10:00:00.000Z",
      window: { from: "2026-11-21", to: "2026-12-28" },
    });
    expect(text).toMatch(/^312 bookings, 7 days back to 30 ahead, 0\.\d MB of 5\.0 MB$/);
  });
});
