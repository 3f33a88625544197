import { afterEach, describe, expect, it, vi } from "vitest";
import { logoutOnServer, logoutTiming } from "./logout.ts";

const defaults = { ...logoutTiming };

describe("logoutOnServer", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Object.assign(logoutTiming, defaults);
  });

  it("posts to /api/auth/logout with the token it is given, kept alive past the page", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await logoutOnServer("the.stored.token");
    expect(fetchMock).toHaveBeenCalledOnce();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/auth/logout");
    expect(init.method).toBe("POST");
    expect(init.headers.Authorization).toBe("Bearer the.stored.token");
    expect(init.keepalive).toBe(true);
  });

  it("sends nothing without a token", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await logoutOnServer(null);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("never throws: offline, 401 and 500 all let the local logout go on", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(logoutOnServer("t")).resolves.toBeUndefined();
    for (const status of [401, 500]) {
      vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: "x" }), { status })));
      await expect(logoutOnServer("t")).resolves.toBeUndefined();
    }
  });

  it("does not end a session on the revoke's 401: the caller has already ended it", async () => {
    localStorage.setItem("token", "a.newer.token");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: "x" }), { status: 401 })));
    await logoutOnServer("the.old.token");
    expect(localStorage.getItem("token")).toBe("a.newer.token");
  });

  it("gives up after 5 seconds when the server never answers, and aborts the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn((_path: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      }),
    );
    let done = false;
    const logout = logoutOnServer("t").then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await logout;
    expect(done).toBe(true);
    expect(signal?.aborted).toBe(true);
  });
});
