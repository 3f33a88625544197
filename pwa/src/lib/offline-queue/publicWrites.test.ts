import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../http.ts";
import { subscribeQueue, type QueueEvent } from "./events.ts";
import { failureAdvice } from "./failureAdvice.ts";
import { dismissFailed, enqueueAndSend, flushPublicWrites, listPublicWrites } from "./publicWrites.ts";
import { freshQueue, headerOf, json, mockFetch, setOffline } from "../../test/offlineQueue.ts";
import { queueTiming } from "./timing.ts";

const booking = {
  firstName: "Ann",
  cleaningDate: "2030-05-06",
  cleaningTime: "9:00 AM",
  serviceType: "air-duct-cleaning",
};
const offlineError = () => new TypeError("Failed to fetch");

beforeEach(freshQueue);
afterEach(() => vi.unstubAllGlobals());

describe("enqueueAndSend", () => {
  it("sends at once with a JSON body and an Idempotency-Key, resolves 'sent' and keeps nothing", async () => {
    const fetchMock = mockFetch(json(201, { data: { _id: "b1" } }));

    const result = await enqueueAndSend("booking", booking);

    expect(result).toEqual({ state: "sent", body: { data: { _id: "b1" } } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/bookings");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual(booking);
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listPublicWrites()).toEqual([]);
  });

  it("keeps the item and resolves 'queued' when the network fails after the quick retries", async () => {
    const fetchMock = mockFetch(offlineError());
    const events: QueueEvent[] = [];
    subscribeQueue((event) => events.push(event));

    const result = await enqueueAndSend("booking", booking);

    expect(result.state).toBe("queued");
    expect(fetchMock).toHaveBeenCalledTimes(1 + queueTiming.quickRetryDelaysMs.length);
    const [item] = await listPublicWrites();
    expect(item).toMatchObject({ kind: "booking", state: "pending", payload: booking, attempts: 1 });
    expect(item!.id).toBe(result.state === "queued" ? result.id : "");
    expect(item!.lastError).toMatch(/Network error/);
    expect(events.map((e) => e.type)).toContain("queued");
  });

  it("does not retry right away when the device is offline", async () => {
    setOffline(true);
    const fetchMock = mockFetch(offlineError());

    expect((await enqueueAndSend("contact", { name: "Ann" })).state).toBe("queued");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("queues the item when the server does not answer within the timeout", async () => {
    queueTiming.timeoutMs = 20;
    queueTiming.quickRetryDelaysMs = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
      ),
    );

    expect((await enqueueAndSend("booking", booking)).state).toBe("queued");
    expect((await listPublicWrites())[0]!.lastError).toBe("The server did not answer in time");
  });

  it("retries a 5xx quickly and resolves 'sent' when the retry succeeds, queueing nothing", async () => {
    const fetchMock = mockFetch(json(502, { message: "Bad gateway" }), json(201, { data: { _id: "b1" } }));

    expect(await enqueueAndSend("booking", booking)).toEqual({
      state: "sent",
      body: { data: { _id: "b1" } },
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await listPublicWrites()).toEqual([]);
  });

  it("rejects with the server's ApiError on a 4xx and queues nothing", async () => {
    const fetchMock = mockFetch(
      json(422, { message: "Sorry, we are closed on Saturdays. Please choose another day." }),
    );
    const events: QueueEvent[] = [];
    subscribeQueue((event) => events.push(event));

    const error = await enqueueAndSend("booking", booking).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: "Sorry, we are closed on Saturdays. Please choose another day.",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await listPublicWrites()).toEqual([]);
    // Lists that read the item while it was being sent read again: no notice of a request saved that is not.
    expect(events.map((e) => e.type)).toEqual(["settled"]);
  });

  it("treats 429 as 'later' and honours its Retry-After without quick retries", async () => {
    const fetchMock = mockFetch(json(429, { message: "Too many requests" }, { "Retry-After": "120" }));
    const before = Date.now();

    expect((await enqueueAndSend("contact", { name: "Ann" })).state).toBe("queued");

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [item] = await listPublicWrites();
    expect(item!.nextAttemptAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(item!.serverHoldUntil).toBeGreaterThanOrEqual(before + 120_000);
  });
});

describe("flushPublicWrites", () => {
  it("delivers a queued item later, removes it and tells open pages", async () => {
    mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    const events: QueueEvent[] = [];
    subscribeQueue((event) => events.push(event));
    mockFetch(json(201, { data: { _id: "b1" } }));

    const result = await flushPublicWrites({ ignoreBackoff: true });

    expect(result.delivered).toHaveLength(1);
    expect(result.delivered[0]!.body).toEqual({ data: { _id: "b1" } });
    expect(result.pending).toBe(0);
    expect(await listPublicWrites()).toEqual([]);
    expect(events.find((e) => e.type === "delivered")).toMatchObject({ item: { kind: "booking" } });
  });

  it("sends the same Idempotency-Key on every retry of an item, and a different one for another item", async () => {
    const failing = mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    await flushPublicWrites({ ignoreBackoff: true });
    await flushPublicWrites({ ignoreBackoff: true });
    const delivering = mockFetch(json(201, { data: {} }));
    await flushPublicWrites({ ignoreBackoff: true });

    const keys = [...failing.mock.calls, ...delivering.mock.calls].map((call) => headerOf(call, "Idempotency-Key"));
    expect(keys).toHaveLength(3 + 1 + 1 + 1);
    expect(new Set(keys).size).toBe(1);

    const other = mockFetch(json(201, { data: {} }));
    await enqueueAndSend("booking", booking);
    expect(headerOf(other.mock.calls[0]!, "Idempotency-Key")).not.toBe(keys[0]);
  });

  it("waits for the backoff before a replay, and the wait doubles after each failure up to the cap", async () => {
    queueTiming.backoffBaseMs = 1_000;
    queueTiming.backoffMaxMs = 4_000;
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const fetchMock = mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    const waits = [(await listPublicWrites())[0]!.nextAttemptAt - now];

    fetchMock.mockClear();
    expect((await flushPublicWrites()).pending).toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();

    for (let i = 0; i < 3; i++) {
      now = (await listPublicWrites())[0]!.nextAttemptAt;
      await flushPublicWrites();
      waits.push((await listPublicWrites())[0]!.nextAttemptAt - now);
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1_000, 2_000, 4_000, 4_000]);
  });

  it("honours Retry-After on replay even when the network just came back", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    mockFetch(json(503, { message: "Service temporarily unavailable" }, { "Retry-After": "60" }));
    await flushPublicWrites({ ignoreBackoff: true });
    expect((await listPublicWrites())[0]!.serverHoldUntil).toBe(now + 60_000);

    const fetchMock = mockFetch(json(201, { data: {} }));
    now += 30_000;
    await flushPublicWrites({ ignoreBackoff: true });
    expect(fetchMock).not.toHaveBeenCalled();
    now += 30_000;
    await flushPublicWrites({ ignoreBackoff: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await listPublicWrites()).toEqual([]);
  });

  it("moves an item refused on replay to 'failed' with the server's message, keeps it and does not resend it", async () => {
    mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    const events: QueueEvent[] = [];
    subscribeQueue((event) => events.push(event));
    mockFetch(json(409, { message: "That time slot is full. Please choose another time." }));

    const result = await flushPublicWrites({ ignoreBackoff: true });

    expect(result.failed).toHaveLength(1);
    const [item] = await listPublicWrites();
    expect(item).toMatchObject({
      state: "failed",
      failedStatus: 409,
      lastError: "That time slot is full. Please choose another time.",
    });
    expect(failureAdvice(item!)).toMatch(/filled up while you were offline/);
    expect(events.find((e) => e.type === "failed")).toBeTruthy();

    const fetchMock = mockFetch(json(201, {}));
    await flushPublicWrites({ ignoreBackoff: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await listPublicWrites()).toHaveLength(1);

    await dismissFailed(item!.id);
    expect(await listPublicWrites()).toEqual([]);
  });

  it("sends an item once when two flushes run at the same time", async () => {
    mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchMock);

    const first = flushPublicWrites({ ignoreBackoff: true });
    const second = flushPublicWrites({ ignoreBackoff: true });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(json(201, { data: {} }));
    const results = await Promise.all([first, second]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(results.flatMap((r) => r.delivered)).toHaveLength(1);
    expect(await listPublicWrites()).toEqual([]);
  });

  it("leaves an item alone while its first send is still in flight", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchMock);

    const sending = enqueueAndSend("booking", booking);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const flush = await flushPublicWrites({ ignoreBackoff: true });
    answer(json(201, { data: {} }));

    expect(flush).toMatchObject({ delivered: [], pending: 1 });
    expect((await sending).state).toBe("sent");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not try to send while the device is offline", async () => {
    mockFetch(offlineError());
    await enqueueAndSend("booking", booking);
    setOffline(true);
    const fetchMock = mockFetch(json(201, {}));

    expect((await flushPublicWrites({ ignoreBackoff: true })).pending).toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("without IndexedDB (storage refused)", () => {
  it("still sends at once, and reports a network failure as a NetworkError since nothing can be kept", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubGlobal("indexedDB", {
      open() {
        throw new DOMException("The user denied permission to access the database.", "InvalidStateError");
      },
    });
    mockFetch(json(201, { data: { _id: "b1" } }));
    expect(await enqueueAndSend("booking", booking)).toEqual({
      state: "sent",
      body: { data: { _id: "b1" } },
    });

    mockFetch(offlineError());
    await expect(enqueueAndSend("booking", booking)).rejects.toBeInstanceOf(NetworkError);
  });
});
