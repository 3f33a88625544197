import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminUser, fakeToken } from "../test/staffFixtures.ts";
import { NetworkError } from "./http.ts";
import { EARLY_READ_MAX_AGE_MS, readEarly, takeEarly } from "./earlyReads.ts";
import { saveSession } from "./session.ts";

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  saveSession(fakeToken(), adminUser);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer({ total: 7 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("reads started before their screen", () => {
  it("hands the screen the answer of the read sent early with the staff token, once", async () => {
    readEarly("/api/dashboard/summary");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe("/api/dashboard/summary");
    expect((init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    await expect(takeEarly("/api/dashboard/summary")).resolves.toEqual({ total: 7 });
    // A later read of the same screen (a refresh) is its own.
    expect(takeEarly("/api/dashboard/summary")).toBeUndefined();
    expect(takeEarly("/api/bookings?limit=5")).toBeUndefined();
  });

  it("is not taken once it is older than a screen opening takes: the screen reads afresh", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    readEarly("/api/dashboard/summary");
    vi.setSystemTime(Date.now() + EARLY_READ_MAX_AGE_MS + 1);
    expect(takeEarly("/api/dashboard/summary")).toBeUndefined();
  });

  it("hands the screen the failure of a read that found no connection, as its own read would have", async () => {
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError("offline"));
    readEarly("/api/bookings?limit=5&sort=-created");
    await expect(takeEarly("/api/bookings?limit=5&sort=-created")).rejects.toBeInstanceOf(NetworkError);
  });
});
