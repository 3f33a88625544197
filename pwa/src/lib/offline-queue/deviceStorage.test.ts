import "fake-indexeddb/auto";
import { Blob as NodeBlob } from "node:buffer";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, saveSession } from "../session.ts";
import { clearAdminData } from "./adminSnapshot.ts";
import { closeDbForTests, db } from "./db.ts";
import { countOthersWaiting, enqueue, flushQueue, list, type QueuePolicy } from "./queue.ts";
import { StorageWriteError } from "./storageWrite.ts";
import { isStoredBytes } from "./storedBytes.ts";
import { freshQueue, headerOf, json, mockFetch, setOffline } from "../../test/offlineQueue.ts";

/** A staff write carrying a photo, as a technician's job work does. */
type Work = { bookingId: string; photo?: Blob; text?: string };
const work: QueuePolicy<Work> = {
  kind: "job",
  request: (w) =>
    w.photo
      ? { method: "POST", url: `/api/bookings/${w.bookingId}/photos`, body: w.photo }
      : { method: "POST", url: `/api/bookings/${w.bookingId}/notes`, body: { text: w.text } },
  staff: true,
  versioned: false,
  describe: (w) => ({ what: w.photo ? "Photo" : "Note", about: w.bookingId }),
};

const tia = { _id: "t1", email: "tia@example.com", name: "Tia Tech", role: "technician" as const };
const sam = { _id: "t2", email: "sam@example.com", name: "Sam Tech", role: "technician" as const };

/** A JPEG's first bytes and every byte value after them, so any change to a byte shows. */
const photoBytes = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 256 }, (_, i) => i)]);
const jpeg = () => new Blob([photoBytes()], { type: "image/jpeg" });

/** The queue's rows as IndexedDB holds them, without the queue's own reading. */
const rawItems = async () => (await db()).getAll("queue");

/** Makes the next `times` writes to any store fail with `name`, as Safari and a full disk do. */
function failWrites(name: string, times: number) {
  const put = vi.spyOn(IDBObjectStore.prototype, "put");
  for (let i = 0; i < times; i++)
    put.mockImplementationOnce(() => {
      throw new DOMException(`simulated ${name}`, name);
    });
  return put;
}

beforeEach(async () => {
  // The fake IndexedDB clones with Node's structuredClone, which keeps Node's Blobs but not happy-dom's.
  vi.stubGlobal("Blob", NodeBlob);
  await freshQueue();
  saveSession("token-tia", tia);
  setOffline(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a photo kept in the device queue", () => {
  it("is stored as an ArrayBuffer with its type, never a Blob, and read back and sent byte for byte", async () => {
    expect(await enqueue(work, { bookingId: "b1", photo: jpeg() })).toMatchObject({ state: "queued" });

    const [row] = await rawItems();
    expect(row!.body).not.toBeInstanceOf(NodeBlob);
    expect(isStoredBytes(row!.body)).toBe(true);
    expect(row!.body).toMatchObject({ type: "image/jpeg" });
    // The payload's photo and the body are one stored object: its bytes are kept once.
    expect((row!.payload as { photo: unknown }).photo).toEqual(row!.body);

    const [item] = await list(["job"]);
    const readBack = (item!.payload as Work).photo!;
    expect(readBack.type).toBe("image/jpeg");
    expect(new Uint8Array(await readBack.arrayBuffer())).toEqual(photoBytes());

    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: {} }));
    await flushQueue(["job"]);
    const sent = fetchMock.mock.calls[0]![1]!.body as Blob;
    expect(headerOf(fetchMock.mock.calls[0]!, "Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(photoBytes());
    expect(await rawItems()).toEqual([]);
  });

  it("is written again when the write fails for a moment (Safari's UnknownError, an AbortError), and nobody is told", async () => {
    const put = failWrites("UnknownError", 1);
    failWrites("AbortError", 1);

    expect(await enqueue(work, { bookingId: "b1", photo: jpeg() })).toMatchObject({ state: "queued" });

    expect(put).toHaveBeenCalledTimes(3);
    expect(await list(["job"])).toHaveLength(1);
  });

  it("is reported when the transient failure does not pass, and is then not shown as kept", async () => {
    failWrites("UnknownError", 3);

    const kept = enqueue(work, { bookingId: "b1", photo: jpeg() });

    await expect(kept).rejects.toMatchObject({ name: "StorageWriteError", reason: "failed" });
    expect(await list(["job"])).toEqual([]);
  });

  it("is refused in words when the device is out of room, at once and with everything queued before it kept", async () => {
    await enqueue(work, { bookingId: "b1", text: "Gate code 1234." });
    await enqueue(work, { bookingId: "b1", photo: jpeg() });
    const before = await rawItems();
    const put = failWrites("QuotaExceededError", 1);

    const refused = enqueue(work, { bookingId: "b1", photo: jpeg() }).catch((error: unknown) => error);

    const error = (await refused) as StorageWriteError;
    expect(error).toBeInstanceOf(StorageWriteError);
    expect(error.reason).toBe("quota");
    expect(error.message).toBe("Not enough storage on this device to keep this.");
    // Not retried: waiting makes no room.
    expect(put).toHaveBeenCalledTimes(1);
    expect(await rawItems()).toEqual(before);
    const [, photo] = await list(["job"]);
    expect(new Uint8Array(await (photo!.payload as Work).photo!.arrayBuffer())).toEqual(photoBytes());
  });

  it("online with nothing waiting, a photo the device cannot keep is sent at once instead", async () => {
    setOffline(false);
    failWrites("QuotaExceededError", 1);
    const fetchMock = mockFetch(json(201, { data: { _id: "p1" } }));

    expect(await enqueue(work, { bookingId: "b1", photo: jpeg() })).toEqual({
      state: "sent",
      body: { data: { _id: "p1" } },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("work an older version kept as Blobs", () => {
  it("is moved to bytes when the database opens, claimed by the person signed in, and still delivered", async () => {
    await closeDbForTests();
    const old = await openDB("clearflow", 3, {
      upgrade(database) {
        database.createObjectStore("admin-snapshot");
        database.createObjectStore("queue", { keyPath: "id" });
        database.createObjectStore("jobs", { keyPath: "job._id" });
        database.createObjectStore("job-images");
      },
    });
    const photo = jpeg();
    await old.put("queue", {
      id: "old-photo",
      kind: "job",
      payload: { type: "photo", bookingId: "b1", kind: "before", blob: photo },
      method: "POST",
      url: "/api/bookings/b1/photos?kind=before",
      body: photo,
      staff: true,
      versioned: false,
      key: "key-old",
      state: "pending",
      attempts: 0,
      nextAttemptAt: 0,
      serverHoldUntil: 0,
      createdAt: 5,
      lastError: null,
      failedStatus: null,
    });
    old.close();

    const [row] = await rawItems();
    expect(isStoredBytes(row!.body)).toBe(true);
    expect(row!.owner).toBe("t1");
    expect(new Uint8Array((row!.body as { bytes: ArrayBuffer }).bytes)).toEqual(photoBytes());

    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: {} }));
    await flushQueue(["job"]);
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toBe("key-old");
    expect(new Uint8Array(await (fetchMock.mock.calls[0]![1]!.body as Blob).arrayBuffer())).toEqual(photoBytes());
  });
});

describe("work waiting at logout", () => {
  it("stays on the device for the person who made it, and is never sent or shown under another person's session", async () => {
    await enqueue(work, { bookingId: "b1", text: "Tia's note" });
    await enqueue(work, { bookingId: "b1", photo: jpeg() });

    // Logout: the session and the customer data go, the work stays.
    clearSession();
    await clearAdminData();
    expect(await rawItems()).toHaveLength(2);

    saveSession("token-sam", sam);
    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: {} }));
    expect(await list(["job"])).toEqual([]);
    expect(await countOthersWaiting(["job"])).toBe(2);
    expect(await flushQueue(["job"], { ignoreBackoff: true })).toMatchObject({ delivered: [], pending: 0 });
    expect(fetchMock).not.toHaveBeenCalled();

    // Sam's own work goes, and does not carry Tia's.
    await enqueue(work, { bookingId: "b9", text: "Sam's note" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchMock.mock.calls[0]!, "Authorization")).toBe("Bearer token-sam");

    clearSession();
    saveSession("token-tia-2", tia);
    expect(await list(["job"])).toHaveLength(2);
    expect(await flushQueue(["job"], { ignoreBackoff: true })).toMatchObject({ pending: 0 });
    const tias = fetchMock.mock.calls.slice(1);
    expect(tias.map((call) => String(call[0]))).toEqual(["/api/bookings/b1/notes", "/api/bookings/b1/photos"]);
    expect(tias.map((call) => headerOf(call, "Authorization"))).toEqual(["Bearer token-tia-2", "Bearer token-tia-2"]);
    expect(await rawItems()).toEqual([]);
  });
});

describe("two people's work about one subject", () => {
  it("never replaces the other person's: each is sent under its owner's session", async () => {
    const status: QueuePolicy<{ bookingId: string; status: string }> = {
      kind: "booking-status",
      request: ({ bookingId, status }) => ({
        method: "PUT",
        url: `/api/bookings/${bookingId}/status`,
        body: { status },
      }),
      staff: true,
      subject: ({ bookingId }) => bookingId,
      versioned: true,
    };
    await enqueue(status, { bookingId: "b1", status: "confirmed" });
    clearSession();
    saveSession("token-sam", sam);
    await enqueue(status, { bookingId: "b1", status: "completed" });
    await enqueue(status, { bookingId: "b1", status: "cancelled" });

    expect((await rawItems()).map((item) => [item.owner, (item.body as { status: string }).status])).toEqual([
      ["t1", "confirmed"],
      ["t2", "cancelled"],
    ]);
    setOffline(false);
    const fetchMock = mockFetch(json(200, { data: {} }));
    await flushQueue(["booking-status"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ status: "cancelled" });
    expect(await countOthersWaiting(["booking-status"])).toBe(1);
  });
});
