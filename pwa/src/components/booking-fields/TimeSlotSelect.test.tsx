import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_BOOKING_RULES } from "@contracts/schedule/rules.ts";
import { TIME_SLOTS } from "@contracts/schedule/dates.ts";
import { TimeSlotSelect } from "./TimeSlotSelect.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("TimeSlotSelect", () => {
  it("offers the 13 hourly slots from 7:00 AM to 7:00 PM", () => {
    render(<TimeSlotSelect date="" value="" onChange={() => {}} />);
    const options = screen.getAllByRole("option").map((o) => o.getAttribute("value"));
    expect(options.filter(Boolean)).toEqual([...TIME_SLOTS]);
    expect(TIME_SLOTS).toHaveLength(13);
  });

  it("disables the slots that the availability answer says are full", async () => {
    const fetchMock = vi.fn(async () =>
      json({
        date: "2026-03-12",
        closedReason: null,
        slots: TIME_SLOTS.map((time) => ({ time, capacity: 2, remaining: time === "9:00 AM" ? 0 : 2 })),
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(<TimeSlotSelect date="2026-03-12" value="" onChange={() => {}} />);
    await waitFor(() => expect(screen.getByRole("option", { name: "9:00 AM (full)" })).toBeDisabled());
    const slots = screen.getAllByRole("option").filter((o) => o.getAttribute("value"));
    // Every slot of that Thursday, only the full one marked and disabled.
    expect(slots.map((o) => o.textContent)).toEqual(TIME_SLOTS.map((t) => (t === "9:00 AM" ? "9:00 AM (full)" : t)));
    expect(slots.filter((o) => (o as HTMLOptionElement).disabled).map((o) => o.getAttribute("value"))).toEqual([
      "9:00 AM",
    ]);
    expect(fetchMock).toHaveBeenCalledWith("/api/availability?date=2026-03-12", expect.anything());
  });

  it("leaves a day the rules close to the date field to explain, and says a closure only the server knows", async () => {
    const closedReason = "We're closed on March 12, 2026 (Staff training)";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ date: "2026-03-12", closedReason, slots: [] })),
    );
    const closedHere = {
      ...DEFAULT_BOOKING_RULES,
      closedDates: [{ from: "2026-03-12", to: "2026-03-12", reason: "Staff training" }],
    };
    const { rerender } = render(<TimeSlotSelect date="2026-03-12" value="" rules={closedHere} onChange={() => {}} />);
    await waitFor(() => expect(screen.getByText("Choose another date to see open times.")).toBeInTheDocument());
    expect(screen.queryByText(closedReason)).not.toBeInTheDocument();

    rerender(<TimeSlotSelect date="2026-03-12" value="" onChange={() => {}} />);
    await waitFor(() => expect(screen.getByText(closedReason)).toBeInTheDocument());
  });

  it("keeps every slot open when availability cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    render(<TimeSlotSelect date="2026-03-12" value="" onChange={() => {}} />);
    await waitFor(() => expect(screen.queryByText("Checking open times…")).not.toBeInTheDocument());
    const slots = screen.getAllByRole("option").filter((o) => o.getAttribute("value"));
    // All 13 slots of that Thursday, none marked full or disabled.
    expect(slots.map((o) => o.textContent)).toEqual([...TIME_SLOTS]);
    expect(slots.filter((o) => (o as HTMLOptionElement).disabled)).toEqual([]);
  });
});
