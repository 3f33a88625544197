import "fake-indexeddb/auto";
import { Blob as NodeBlob } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../offline-queue/db.ts";
import { enqueue, list } from "../offline-queue/queue.ts";
import { saveSession } from "../session.ts";
import { freshQueue, setOffline } from "../../test/offlineQueue.ts";
import { dropSentPhotos, formatBytes, photosThatFit, roomWarning } from "./room.ts";

beforeEach(async () => {
  vi.stubGlobal("Blob", NodeBlob);
  await freshQueue();
});
afterEach(() => vi.unstubAllGlobals());

const MB = 1024 * 1024;

describe("room for photos", () => {
  it("counts the photos that still fit from the browser's estimate, and knows none where it gives none", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      storage: { estimate: async () => ({ usage: 90 * MB, quota: 100 * MB }) },
    });
    expect(await photosThatFit()).toBe(20);
    vi.stubGlobal("navigator", { ...navigator, storage: undefined });
    expect(await photosThatFit()).toBeNull();
  });

  it("warns below room for 20 photos, in the technician's words", () => {
    expect(roomWarning(null)).toBeNull();
    expect(roomWarning(20)).toBeNull();
    expect(roomWarning(19)).toBe("Storage almost full: about 19 more photos");
    expect(roomWarning(1)).toBe("Storage almost full: about 1 more photo");
    expect(roomWarning(0)).toBe("Storage almost full: about 0 more photos");
  });

  it("frees space by dropping the copies of photos already sent, never a photo waiting to be sent", async () => {
    saveSession("token-1", { _id: "t1", email: "tia@example.com", name: "Tia Tech", role: "technician" });
    setOffline(true);
    const photo = new Blob([new Uint8Array(2048)], { type: "image/jpeg" });
    await enqueue(
      {
        kind: "job",
        request: (p: Blob) => ({ method: "POST", url: "/api/bookings/b1/photos", body: p }),
        staff: true,
        versioned: false,
      },
      photo,
    );
    const database = await db();
    await database.put(
      "job-images",
      { storedAs: "bytes", bytes: new ArrayBuffer(3000), type: "image/jpeg" },
      "/api/photos/1",
    );
    await database.put("job-images", new Blob([new Uint8Array(1000)], { type: "image/png" }), "/api/photos/2");

    expect(await dropSentPhotos()).toBe(4000);

    expect(await database.getAll("job-images")).toEqual([]);
    const [waiting] = await list(["job"]);
    expect((waiting!.body as Blob).size).toBe(2048);
    expect(formatBytes(4000)).toBe("4 KB");
    expect(formatBytes(3.5 * MB)).toBe("3.5 MB");
  });
});
