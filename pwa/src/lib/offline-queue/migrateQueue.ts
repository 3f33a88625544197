import type { Db, QueueItem } from "./db.ts";
import { sessionUserId } from "./send.ts";
import { holdsBlob, packBlobs } from "./storedBytes.ts";

/**
 * Brings the items an older version of the app kept up to date, when the database opens: their Blobs become bytes
 * (storedBytes.ts), and staff work kept before items had an owner is given to the person signed in now (an older
 * version cleared a person's work at logout, so work still there is theirs). An item whose Blob cannot be read is
 * left as it was: it is still sent as a Blob, never dropped. Each item is written back only if no one changed it
 * meanwhile (another tab may be sending it).
 */
export async function moveOlderItems(database: Db): Promise<void> {
  const owner = sessionUserId();
  const older = (await database.getAll("queue")).filter(
    (item) => holdsBlob(item.body) || holdsBlob(item.payload) || (item.staff && owner !== null && !("owner" in item)),
  );
  for (const item of older) {
    let moved: Pick<QueueItem, "body" | "payload">;
    try {
      const [body, payload] = await packBlobs(item.body, item.payload);
      moved = { body, payload };
    } catch (error) {
      console.error("A queued item's bytes could not be read; it stays as it was", error);
      moved = { body: item.body, payload: item.payload };
    }
    const tx = database.transaction("queue", "readwrite");
    const current = await tx.store.get(item.id);
    if (current?.createdAt === item.createdAt) {
      const claimed = current.staff && owner !== null && !("owner" in current) ? { owner } : {};
      await tx.store.put({ ...current, ...moved, ...claimed });
    }
    await tx.done;
  }
}
