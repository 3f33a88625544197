import { CATCH_UP_OVERLAP_MS, DELETION_RETENTION_MS } from "@contracts/realtime/events.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchCatchUp } from "./catchUp.ts";
import { json, mockFetch } from "../../test/staffApi.ts";
import { makeBooking } from "../../test/staffFixtures.ts";

const cursor = "2030-06-02T10:00:00.000Z";
const now = Date.parse(cursor) + 5 * 60_000;
const from = new Date(Date.parse(cursor) - CATCH_UP_OVERLAP_MS).toISOString();
const changed = makeBooking({ _id: "b1", updatedAt: "2030-06-02T09:59:30.000Z" });
const gone = { _id: "b2", updatedAt: "2030-06-02T10:01:00.000Z" };

const urls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => String(url));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("fetchCatchUp", () => {
  it("asks for changed and deleted bookings from one overlap before the cursor, both before either answers", async () => {
    const answers: (() => void)[] = [];
    const later = (body: unknown) => () => new Promise<Response>((resolve) => answers.push(() => resolve(json(body))));
    const fetchMock = mockFetch({
      "GET /api/bookings": later([changed]),
      "GET /api/bookings/deleted": later([gone]),
    });
    const pending = fetchCatchUp(cursor, now);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(urls(fetchMock).sort()).toEqual([
      `/api/bookings/deleted?since=${encodeURIComponent(from)}`,
      `/api/bookings?since=${encodeURIComponent(from)}`,
    ]);
    for (const answer of answers) answer();
    expect(await pending).toEqual({ type: "merged", bookings: [changed], deleted: [gone] });
  });

  it("still merges the changed bookings when the deletions cannot be fetched, and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({ "GET /api/bookings": { body: [changed] }, "GET /api/bookings/deleted": { status: 404, body: {} } });
    expect(await fetchCatchUp(cursor, now)).toEqual({ type: "merged", bookings: [changed], deleted: [] });
    expect(log).toHaveBeenCalledWith("Catching up on deleted bookings failed", expect.anything());
  });

  it("fails as a whole when the changed bookings cannot be fetched (the next reconnect asks again)", async () => {
    mockFetch({
      "GET /api/bookings": { status: 503, body: { message: "down" } },
      "GET /api/bookings/deleted": { body: [] },
    });
    await expect(fetchCatchUp(cursor, now)).rejects.toThrow("down");
  });

  it("reloads the whole list when the cursor is older than the server keeps deletions", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings": { body: [changed] } });
    const action = await fetchCatchUp(cursor, Date.parse(cursor) + DELETION_RETENTION_MS);
    expect(action).toEqual({ type: "loaded", bookings: [changed] });
    expect(urls(fetchMock)).toEqual(["/api/bookings"]);
  });

  it("without a cursor (nothing seen yet) merges the whole list", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings": { body: [changed] } });
    expect(await fetchCatchUp(null, now)).toEqual({ type: "merged", bookings: [changed] });
    expect(urls(fetchMock)).toEqual(["/api/bookings"]);
  });
});
