import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RatingReceived } from "@contracts/portal/portal.ts";
import { describe, expect, it, vi } from "vitest";
import { LowRatingNotice } from "./LowRatingNotice.tsx";

const handlers = new Map<string, (payload: RatingReceived) => void>();
vi.mock("../../lib/socketEvents.ts", () => ({
  useSocketEvent: (event: string, handler: (payload: RatingReceived) => void) => handlers.set(event, handler),
}));

const rating = (stars: number, bookingId: string): RatingReceived => ({
  bookingId,
  stars,
  comment: "Late and messy",
  technicianId: "t1",
  technicianName: "Ann Tech",
  customerName: "Rita Okafor",
  createdAt: "2026-11-27T15:00:00.000Z",
});

describe("a low rating in the dashboard", () => {
  it("shows 1-2 stars at once, opens their booking, and lets the office dismiss it; 3-5 stay quiet", async () => {
    const open = vi.fn();
    render(<LowRatingNotice onOpen={open} />);
    act(() => handlers.get("ratingReceived")!(rating(5, "b5")));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => handlers.get("ratingReceived")!(rating(2, "b2")));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Low rating: 2 stars from Rita Okafor (Ann Tech's visit): “Late and messy”");
    await userEvent.click(screen.getByRole("button", { name: "View booking" }));
    expect(open).toHaveBeenCalledWith("b2");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
