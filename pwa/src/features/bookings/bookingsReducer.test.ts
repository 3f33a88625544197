import { describe, expect, it } from "vitest";
import { bookingsReducer, initialBookingsState, type BookingsState } from "./bookingsReducer.ts";
import { makeBooking } from "../../test/staffFixtures.ts";

const older = makeBooking({ _id: "a", createdAt: "2030-06-01T10:00:00.000Z", updatedAt: "2030-06-01T10:00:00.000Z" });
const newer = makeBooking({ _id: "b", createdAt: "2030-06-02T10:00:00.000Z", updatedAt: "2030-06-02T10:00:00.000Z" });

function loaded(): BookingsState {
  return bookingsReducer(initialBookingsState, { type: "loaded", bookings: [newer, older] });
}

describe("bookingsReducer", () => {
  it("loaded keeps the server's newest-first order and remembers the latest updatedAt", () => {
    const state = loaded();
    expect(state.bookings.map((b) => b._id)).toEqual(["b", "a"]);
    expect(state.since).toBe("2030-06-02T10:00:00.000Z");
  });

  it("newBooking is prepended and its updatedAt becomes the catch-up point", () => {
    const fresh = makeBooking({
      _id: "c",
      createdAt: "2030-06-03T08:00:00.000Z",
      updatedAt: "2030-06-03T08:00:00.000Z",
    });
    const state = bookingsReducer(loaded(), { type: "newBooking", booking: fresh });
    expect(state.bookings.map((b) => b._id)).toEqual(["c", "b", "a"]);
    expect(state.since).toBe("2030-06-03T08:00:00.000Z");
  });

  it("newBooking received twice (event and catch-up) is listed once", () => {
    const fresh = makeBooking({
      _id: "c",
      createdAt: "2030-06-03T08:00:00.000Z",
      updatedAt: "2030-06-03T08:00:00.000Z",
    });
    let state = bookingsReducer(loaded(), { type: "newBooking", booking: fresh });
    state = bookingsReducer(state, { type: "newBooking", booking: fresh });
    state = bookingsReducer(state, { type: "merged", bookings: [fresh] });
    expect(state.bookings.filter((b) => b._id === "c")).toHaveLength(1);
    expect(state.bookings).toHaveLength(3);
  });

  it("bookingUpdated with a higher version replaces the row in place", () => {
    const update = { ...older, status: "confirmed" as const, version: 2, updatedAt: "2030-06-04T00:00:00.000Z" };
    const state = bookingsReducer(loaded(), { type: "bookingUpdated", booking: update });
    expect(state.bookings.map((b) => b._id)).toEqual(["b", "a"]);
    expect(state.bookings[1]!.status).toBe("confirmed");
  });

  it("bookingUpdated older than the shown copy is ignored", () => {
    const current = { ...older, status: "completed" as const, version: 3, updatedAt: "2030-06-05T00:00:00.000Z" };
    let state = bookingsReducer(loaded(), { type: "bookingUpdated", booking: current });
    const stale = { ...older, status: "confirmed" as const, version: 2, updatedAt: "2030-06-04T00:00:00.000Z" };
    state = bookingsReducer(state, { type: "bookingUpdated", booking: stale });
    expect(state.bookings[1]!.status).toBe("completed");
  });

  it("bookingUpdated with the same version is ignored", () => {
    const same = { ...older, status: "cancelled" as const };
    const before = loaded();
    expect(bookingsReducer(before, { type: "bookingUpdated", booking: same }).bookings).toBe(before.bookings);
  });

  it("bookingUpdated without versions falls back to updatedAt", () => {
    const a = { ...older, version: undefined as unknown as number };
    let state = bookingsReducer(initialBookingsState, { type: "loaded", bookings: [a] });
    state = bookingsReducer(state, {
      type: "bookingUpdated",
      booking: { ...a, status: "confirmed", updatedAt: "2030-06-01T09:00:00.000Z" },
    });
    expect(state.bookings[0]!.status).toBe("pending");
    state = bookingsReducer(state, {
      type: "bookingUpdated",
      booking: { ...a, status: "confirmed", updatedAt: "2030-06-01T11:00:00.000Z" },
    });
    expect(state.bookings[0]!.status).toBe("confirmed");
  });

  it("bookingUpdated for a booking not listed yet inserts it by creation time", () => {
    const middle = makeBooking({
      _id: "m",
      createdAt: "2030-06-01T20:00:00.000Z",
      updatedAt: "2030-06-06T00:00:00.000Z",
    });
    const state = bookingsReducer(loaded(), { type: "bookingUpdated", booking: middle });
    expect(state.bookings.map((b) => b._id)).toEqual(["b", "m", "a"]);
  });

  it("bookingDeleted removes the row and a late update cannot bring it back", () => {
    let state = bookingsReducer(loaded(), {
      type: "bookingDeleted",
      payload: { _id: "a", updatedAt: "2030-06-07T00:00:00.000Z" },
    });
    expect(state.bookings.map((b) => b._id)).toEqual(["b"]);
    expect(state.since).toBe("2030-06-07T00:00:00.000Z");
    state = bookingsReducer(state, { type: "bookingUpdated", booking: { ...older, version: 9 } });
    expect(state.bookings.map((b) => b._id)).toEqual(["b"]);
  });

  it("bookingDeleted for an unknown id changes no row", () => {
    const before = loaded();
    const state = bookingsReducer(before, { type: "bookingDeleted", payload: { _id: "zz", updatedAt: "" } });
    expect(state.bookings).toEqual(before.bookings);
  });

  it("two dashboards receiving the same events in different orders agree", () => {
    const fresh = makeBooking({
      _id: "c",
      createdAt: "2030-06-03T08:00:00.000Z",
      updatedAt: "2030-06-03T08:00:00.000Z",
    });
    const confirmed = { ...fresh, status: "confirmed" as const, version: 2, updatedAt: "2030-06-03T09:00:00.000Z" };
    const one = [
      { type: "newBooking", booking: fresh },
      { type: "bookingUpdated", booking: confirmed },
    ] as const;
    const a = one.reduce(bookingsReducer, loaded());
    const b = [...one].reverse().reduce(bookingsReducer, loaded());
    expect(a.bookings).toEqual(b.bookings);
    expect(a.bookings[0]!.status).toBe("confirmed");
  });

  it("merged (the catch-up after a reconnect) upserts every changed booking", () => {
    const fresh = makeBooking({
      _id: "c",
      createdAt: "2030-06-03T08:00:00.000Z",
      updatedAt: "2030-06-03T08:00:00.000Z",
    });
    const changed = { ...older, status: "completed" as const, version: 2, updatedAt: "2030-06-03T09:00:00.000Z" };
    const state = bookingsReducer(loaded(), { type: "merged", bookings: [changed, fresh] });
    expect(state.bookings.map((b) => b._id)).toEqual(["c", "b", "a"]);
    expect(state.bookings[2]!.status).toBe("completed");
    expect(state.since).toBe("2030-06-03T09:00:00.000Z");
  });

  it("merged with deletions (a booking deleted while away) removes the row and remembers the id", () => {
    const gone = { _id: "a", updatedAt: "2030-06-08T00:00:00.000Z" };
    let state = bookingsReducer(loaded(), { type: "merged", bookings: [], deleted: [gone] });
    expect(state.bookings.map((b) => b._id)).toEqual(["b"]);
    expect(state.deletedIds).toEqual(["a"]);
    expect(state.since).toBe("2030-06-08T00:00:00.000Z");
    state = bookingsReducer(state, { type: "merged", bookings: [{ ...older, version: 5 }] });
    expect(state.bookings.map((b) => b._id)).toEqual(["b"]);
  });

  it("merged drops a booking listed in the same catch-up as its deletion (read just before it)", () => {
    const changed = { ...older, status: "confirmed" as const, version: 2, updatedAt: "2030-06-07T00:00:00.000Z" };
    const state = bookingsReducer(loaded(), {
      type: "merged",
      bookings: [changed],
      deleted: [{ _id: "a", updatedAt: "2030-06-07T00:00:01.000Z" }],
    });
    expect(state.bookings.map((b) => b._id)).toEqual(["b"]);
  });

  it("merged re-receiving rows and deletions already known (the catch-up's overlap) changes nothing", () => {
    const deleted = { _id: "a", updatedAt: "2030-06-08T00:00:00.000Z" };
    const before = bookingsReducer(loaded(), { type: "bookingDeleted", payload: deleted });
    const after = bookingsReducer(before, { type: "merged", bookings: [newer], deleted: [deleted] });
    expect(after).toBe(before);
  });

  it("merged never lets a re-received older copy overwrite the newer one shown, nor move the cursor back", () => {
    const current = { ...older, status: "completed" as const, version: 3, updatedAt: "2030-06-05T00:00:00.000Z" };
    const before = bookingsReducer(loaded(), { type: "bookingUpdated", booking: current });
    const stale = { ...older, status: "confirmed" as const, version: 2, updatedAt: "2030-06-04T00:00:00.000Z" };
    const after = bookingsReducer(before, { type: "merged", bookings: [stale, older], deleted: [] });
    expect(after.bookings.find((b) => b._id === "a")).toEqual(current);
    expect(after.since).toBe("2030-06-05T00:00:00.000Z");
  });

  it("merged with a deletion of a booking never shown changes no row", () => {
    const before = loaded();
    const state = bookingsReducer(before, {
      type: "merged",
      bookings: [],
      deleted: [{ _id: "zz", updatedAt: "2030-06-01T00:00:00.000Z" }],
    });
    expect(state.bookings).toBe(before.bookings);
    expect(state.since).toBe(before.since);
  });
});
