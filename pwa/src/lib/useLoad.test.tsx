import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "./http.ts";
import { useLoad } from "./useLoad.ts";

/** A read the test answers by hand, in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const notFound = () => new ApiError(404, "No such booking.", { message: "No such booking." });

describe("useLoad", () => {
  it("is loading until the read answers, then ready with its data", async () => {
    const answer = deferred<string>();
    const read = () => answer.promise;
    const { result } = renderHook(() => useLoad(read));
    expect(result.current.state).toBe("loading");
    await act(async () => answer.resolve("settings"));
    expect(result.current).toMatchObject({ state: "ready", data: "settings" });
  });

  it("is failed with the error the read threw", async () => {
    const error = new NetworkError(new TypeError("offline"));
    const read = () => Promise.reject(error);
    const { result } = renderHook(() => useLoad(read));
    await waitFor(() => expect(result.current).toMatchObject({ state: "failed", error }));
  });

  it("drops the answer of a read the screen has moved on from, whatever order the answers come in", async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const reads = { a: () => first.promise, b: () => second.promise };
    const { result, rerender } = renderHook(({ id }: { id: "a" | "b" }) => useLoad(reads[id]), {
      initialProps: { id: "a" },
    });
    rerender({ id: "b" });
    await act(async () => second.resolve("booking b"));
    await act(async () => first.resolve("booking a"));
    expect(result.current).toMatchObject({ state: "ready", data: "booking b" });
  });

  it("shows the loading state again for a new read, unless asked to keep what is shown", async () => {
    const reads = { v1: () => Promise.resolve("version 1"), v2: () => new Promise<string>(() => undefined) };
    const plain = renderHook(({ v }: { v: "v1" | "v2" }) => useLoad(reads[v]), { initialProps: { v: "v1" } });
    const kept = renderHook(({ v }: { v: "v1" | "v2" }) => useLoad(reads[v], { keepShown: true }), {
      initialProps: { v: "v1" },
    });
    await waitFor(() => expect(kept.result.current.state).toBe("ready"));
    await waitFor(() => expect(plain.result.current.state).toBe("ready"));
    plain.rerender({ v: "v2" });
    kept.rerender({ v: "v2" });
    expect(plain.result.current.state).toBe("loading");
    expect(kept.result.current).toMatchObject({ state: "ready", data: "version 1" });
  });

  it("reload goes back to loading and reads again", async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const { result } = renderHook(() => useLoad(read));
    await waitFor(() => expect(result.current).toMatchObject({ state: "ready", data: 1 }));
    act(() => result.current.reload());
    expect(result.current.state).toBe("loading");
    await waitFor(() => expect(result.current).toMatchObject({ state: "ready", data: 2 }));
  });

  it("refresh keeps the data shown while it reads, and keeps it when that read fails", async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let reads = 0;
    const read = () => answers[reads++]!.promise;
    const { result } = renderHook(() => useLoad(read));
    await act(async () => answers[0]!.resolve("jobs at 9:00"));
    act(() => result.current.refresh());
    expect(result.current).toMatchObject({ state: "ready", data: "jobs at 9:00" });
    await act(async () => answers[1]!.reject(new NetworkError(new TypeError("offline"))));
    expect(result.current).toMatchObject({ state: "ready", data: "jobs at 9:00" });
    act(() => result.current.refresh());
    await act(async () => answers[2]!.resolve("jobs at 10:00"));
    expect(result.current).toMatchObject({ state: "ready", data: "jobs at 10:00" });
  });

  it("refresh turns to failed when the server says the thing is gone", async () => {
    let reads = 0;
    const read = () => (reads++ === 0 ? Promise.resolve("job") : Promise.reject(notFound()));
    const { result } = renderHook(() => useLoad(read));
    await waitFor(() => expect(result.current.state).toBe("ready"));
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toBe("failed"));
  });

  it("update changes the data shown, and does nothing before the first answer", async () => {
    const answer = deferred<string[]>();
    const read = () => answer.promise;
    const { result } = renderHook(() => useLoad(read));
    act(() => result.current.update((list) => [...list, "early"]));
    await act(async () => answer.resolve(["first"]));
    act(() => result.current.update((list) => [...list, "assigned live"]));
    expect(result.current).toMatchObject({ state: "ready", data: ["first", "assigned live"] });
  });
});
