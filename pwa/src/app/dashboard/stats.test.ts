import { describe, expect, it } from "vitest";
import type { Booking } from "@contracts/bookings/booking.ts";
import { computeStats } from "./stats.ts";
import { makeBooking } from "../../test/staffFixtures.ts";

describe("computeStats", () => {
  it("counts all, pending and completed bookings", () => {
    const stats = computeStats([
      makeBooking({ _id: "1", status: "pending" }),
      makeBooking({ _id: "2", status: "pending" }),
      makeBooking({ _id: "3", status: "completed" }),
      makeBooking({ _id: "4", status: "cancelled" }),
    ]);
    expect(stats).toMatchObject({ total: 4, pending: 2, completed: 1 });
  });

  it("sums estimatedPrice as revenue, counting a missing price as 0", () => {
    const missing = { ...makeBooking({ _id: "2" }), estimatedPrice: undefined } as unknown as Booking;
    const nulled = { ...makeBooking({ _id: "3" }), estimatedPrice: null } as unknown as Booking;
    const stats = computeStats([makeBooking({ _id: "1", estimatedPrice: 179.1 }), missing, nulled]);
    expect(stats.revenue).toBe(179.1);
  });

  it("adds cents without binary drift", () => {
    const stats = computeStats([
      makeBooking({ _id: "1", estimatedPrice: 0.1 }),
      makeBooking({ _id: "2", estimatedPrice: 0.2 }),
    ]);
    expect(stats.revenue).toBe(0.3);
  });

  it("is all zero for no bookings", () => {
    expect(computeStats([])).toEqual({ total: 0, pending: 0, completed: 0, revenue: 0 });
  });
});
