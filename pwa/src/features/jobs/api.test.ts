import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json } from "../../test/staffApi.ts";
import { adminUser, fakeToken, makeBooking } from "../../test/staffFixtures.ts";
import { fetchMyJobs } from "./api.ts";

beforeEach(() => saveSession(fakeToken(), { ...adminUser, _id: "t1", name: "Tia Tech", role: "technician" }));
afterEach(() => vi.restoreAllMocks());

it("reads the technician's jobs from today on by date, following every page to the last", async () => {
  const asked: URL[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    asked.push(url);
    return url.searchParams.get("cursor") === "page2"
      ? json({ data: [makeBooking({ _id: "b3" })], nextCursor: null, total: 3 })
      : json({ data: [makeBooking({ _id: "b1" }), makeBooking({ _id: "b2" })], nextCursor: "page2", total: 3 });
  });

  const jobs = await fetchMyJobs("2030-06-10");

  expect(jobs.map((j) => j._id)).toEqual(["b1", "b2", "b3"]);
  expect(asked.map((u) => [u.pathname, Object.fromEntries(u.searchParams)])).toEqual([
    ["/api/bookings", { from: "2030-06-10", sort: "date", limit: "100" }],
    ["/api/bookings", { from: "2030-06-10", sort: "date", limit: "100", cursor: "page2" }],
  ]);
});
