import { afterEach, describe, expect, it, vi } from "vitest";
import { logoutOnServer } from "./logout.ts";
import { saveSession } from "./session.ts";

const user = { _id: "a1", email: "admin@example.com", name: "Admin", role: "admin" as const };

describe("logoutOnServer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("posts to /api/auth/logout with the stored token", async () => {
    saveSession("the.stored.token", user);
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await logoutOnServer();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/auth/logout");
    expect(init.method).toBe("POST");
    expect(init.headers.Authorization).toBe("Bearer the.stored.token");
  });

  it("never throws: offline, 401 and 500 all let the local logout go on", async () => {
    saveSession("the.stored.token", user);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(logoutOnServer()).resolves.toBeUndefined();
    for (const status of [401, 500]) {
      vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: "x" }), { status })));
      await expect(logoutOnServer()).resolves.toBeUndefined();
    }
  });
});
