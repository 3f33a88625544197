import "fake-indexeddb/auto";
import { Blob as NodeBlob } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/http.ts";
import { clearAdminData } from "../../lib/offline-queue/adminSnapshot.ts";
import { list } from "../../lib/offline-queue/queue.ts";
import { clearSession, saveSession } from "../../lib/session.ts";
import { freshQueue, headerOf, json, mockFetch, setOffline } from "../../test/offlineQueue.ts";
import { doJobWork, sendWaitingWork, waitingWork } from "./jobQueue.ts";

const tech = { _id: "t1", email: "tia@example.com", name: "Tia Tech", role: "technician" as const };

beforeEach(async () => {
  // The fake IndexedDB clones with Node's structuredClone, which keeps Node's Blobs (a browser keeps its own) but
  // not happy-dom's.
  vi.stubGlobal("Blob", NodeBlob);
  await freshQueue();
  saveSession("token-1", tech);
});
afterEach(() => vi.unstubAllGlobals());

describe("a technician's work on a job", () => {
  it("is kept on the device offline, in the order it was done, and sent in that order once back online", async () => {
    setOffline(true);
    const offline = mockFetch(json(200, { data: {} }));
    const before = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" });
    const signature = new Blob([new Uint8Array([0x89, 0x50])], { type: "image/png" });
    for (const work of [
      { type: "stage", bookingId: "b1", stage: "en_route" },
      { type: "note", bookingId: "b1", text: "Lint everywhere." },
      { type: "photo", bookingId: "b1", kind: "before", blob: before },
      { type: "signature", bookingId: "b1", blob: signature },
      { type: "stage", bookingId: "b1", stage: "completed", note: "Done.", customerNotPresent: false },
    ] as const)
      expect(await doJobWork(work)).toBe("queued");
    expect(offline).not.toHaveBeenCalled();
    expect((await waitingWork("b1")).map((w) => w.work.type)).toEqual(["stage", "note", "photo", "signature", "stage"]);
    expect(await waitingWork("other")).toEqual([]);

    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: {} }));
    await sendWaitingWork();
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);
    expect(calls).toEqual([
      "PUT /api/bookings/b1/visit",
      "POST /api/bookings/b1/notes",
      expect.stringMatching(/^POST \/api\/bookings\/b1\/photos\?kind=before&at=\d{4}-\d\d-\d\dT/),
      "POST /api/bookings/b1/signature",
      "PUT /api/bookings/b1/visit",
    ]);
    // A photo goes as its own bytes and type, not as JSON; every write with the token and its own key.
    const photoCall = fetchMock.mock.calls[2]!;
    expect(photoCall[1]?.body).toBeInstanceOf(Blob);
    expect(headerOf(photoCall, "Content-Type")).toBe("image/jpeg");
    expect(headerOf(photoCall, "Authorization")).toBe("Bearer token-1");
    const keys = fetchMock.mock.calls.map((call) => headerOf(call, "Idempotency-Key"));
    expect(new Set(keys).size).toBe(5);
    // With the moment it was done on the device, not when the signal came back.
    expect(JSON.parse(String(fetchMock.mock.calls[4]![1]?.body))).toEqual({
      stage: "completed",
      note: "Done.",
      customerNotPresent: false,
      at: expect.any(String),
    });
    expect(await waitingWork()).toEqual([]);
  });

  it("keeps the later work back while an earlier piece gets no answer, so the completion never overtakes a photo", async () => {
    setOffline(true);
    await doJobWork({ type: "photo", bookingId: "b1", kind: "after", blob: new Blob(["x"], { type: "image/webp" }) });
    await doJobWork({ type: "stage", bookingId: "b1", stage: "completed" });
    setOffline(false);
    const fetchMock = mockFetch(json(503, { message: "Service unavailable" }));
    await sendWaitingWork();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await waitingWork("b1")).map((w) => w.state)).toEqual(["pending", "pending"]);
  });

  it("shows a refusal on replay in the server's words and keeps it until dismissed", async () => {
    setOffline(true);
    await doJobWork({ type: "stage", bookingId: "b1", stage: "on_site" });
    setOffline(false);
    mockFetch(json(409, { message: "This job was given to another technician by the office." }));
    await sendWaitingWork();
    expect(await waitingWork("b1")).toMatchObject([
      { state: "failed", error: "This job was given to another technician by the office." },
    ]);
  });

  it("online, a refusal is thrown at once with nothing kept", async () => {
    mockFetch(json(409, { message: "This job was cancelled by the office." }));
    await expect(doJobWork({ type: "stage", bookingId: "b1", stage: "en_route" })).rejects.toBeInstanceOf(ApiError);
    expect(await waitingWork()).toEqual([]);
  });

  it("stays on the device through a logout, for its technician's next login only", async () => {
    setOffline(true);
    await doJobWork({ type: "note", bookingId: "b1", text: "Gate code 1234." });
    clearSession();
    await clearAdminData();
    saveSession("token-2", { ...tech, _id: "t2", name: "Other Tech" });
    expect(await waitingWork()).toEqual([]);
    saveSession("token-3", tech);
    expect(await waitingWork()).toMatchObject([{ work: { text: "Gate code 1234." }, state: "pending" }]);
  });

  it("names the job and what was done for the sync list", async () => {
    setOffline(true);
    await doJobWork({ type: "note", bookingId: "b1", text: "Lint.", jobName: "Dana Smith" });
    const [item] = await list(["job"]);
    expect(item!.label).toEqual({ what: "Note: Lint.", about: "Dana Smith" });
  });
});
