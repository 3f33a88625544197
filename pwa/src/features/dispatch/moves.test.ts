import type { MoveRefusal } from "@contracts/schedule/board.ts";
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/http.ts";
import { makeBoardBooking } from "../../test/staffFixtures.ts";
import { drawn, emptyMoves, moveFor, outcomeOfError, reloaded, settled, started } from "./moves.ts";

const job = makeBoardBooking({
  _id: "j",
  technicianId: null,
  cleaningDate: "2030-06-10",
  cleaningTime: "9:00 AM",
  version: 4,
});
const toAna = { technicianId: "ana", date: "2030-06-10", time: "10:00 AM", expectedVersion: 4 };

describe("a move on the board", () => {
  it("is the drop's technician, date and slot with the version the card was drawn at", () => {
    expect(moveFor(job, { technicianId: "ana", date: "2030-06-10", time: "10:00 AM" })).toEqual(toAna);
    expect(moveFor(job, { technicianId: null, date: "2030-06-10", time: "9:00 AM" })).toBeNull();
  });

  it("draws the card where it was dropped at once, before the server answers", () => {
    const state = started(emptyMoves([job]), "j", toAna);
    expect(drawn(state)[0]).toMatchObject({ technicianId: "ana", cleaningTime: "10:00 AM", travelMinutesBefore: null });
    expect(state.pending.has("j")).toBe(true);
  });

  it("keeps the server's booking when it accepts", () => {
    const state = started(emptyMoves([job]), "j", toAna);
    const moved = { ...job, technicianId: "ana", technicianName: "Ana Ruiz", cleaningTime: "10:00 AM", version: 5 };
    const after = settled(state, "j", { kind: "moved", booking: moved });
    expect(drawn(after)[0]).toMatchObject({
      technicianId: "ana",
      cleaningTime: "10:00 AM",
      version: 5,
      durationMinutes: 60,
    });
    expect(after.notes.size).toBe(0);
  });

  it("snaps the card back with the server's words beside it when refused", () => {
    const body: MoveRefusal = {
      message: "Ana has Mei Chen's dryer vent until 10:30 AM",
      conflict: { kind: "overlap", bookingId: "other" },
    };
    const refusal = new ApiError(409, body.message, body);
    const outcome = outcomeOfError(refusal);
    expect(outcome).toEqual({
      kind: "refused",
      message: "Ana has Mei Chen's dryer vent until 10:30 AM",
      conflict: "overlap",
    });
    const after = settled(started(emptyMoves([job]), "j", toAna), "j", outcome);
    expect(drawn(after)[0]).toMatchObject({ technicianId: null, cleaningTime: "9:00 AM" });
    expect(after.notes.get("j")).toBe("Ana has Mei Chen's dryer vent until 10:30 AM");
  });

  it("shows the job as it is now when another screen changed it first", () => {
    const current = { ...job, cleaningTime: "2:00 PM", version: 5 };
    const stale = new ApiError(409, "Changed", { message: "Changed", current });
    const after = settled(started(emptyMoves([job]), "j", toAna), "j", outcomeOfError(stale));
    expect(drawn(after)[0]).toMatchObject({ cleaningTime: "2:00 PM", version: 5, technicianId: null });
    expect(after.notes.get("j")).toMatch(/changed this job meanwhile/);
  });

  it("snaps back with the connection's words when no answer came", () => {
    const after = settled(
      started(emptyMoves([job]), "j", toAna),
      "j",
      outcomeOfError(new NetworkError(new Error("x"))),
    );
    expect(drawn(after)[0]).toMatchObject({ technicianId: null, cleaningTime: "9:00 AM" });
    expect(after.notes.get("j")).toBe("Could not reach the server. Please try again.");
  });

  it("keeps a move under way in its dropped place when the board is read again meanwhile", () => {
    const state = started(emptyMoves([job]), "j", toAna);
    const again = reloaded(state, [{ ...job, unitCount: 3 }]);
    expect(drawn(again)[0]).toMatchObject({ technicianId: "ana", cleaningTime: "10:00 AM", unitCount: 3 });
  });

  it("clears a card's refusal when it is moved again", () => {
    const refused = settled(started(emptyMoves([job]), "j", toAna), "j", { kind: "failed", message: "No" });
    expect(started(refused, "j", toAna).notes.has("j")).toBe(false);
  });
});
