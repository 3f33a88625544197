import { useEffect, useState } from "react";
import type { PublicWriteItem } from "../../lib/offline-queue/db.ts";
import { subscribeQueue } from "../../lib/offline-queue/events.ts";

export type QueuedBooking = { state: "waiting" } | { state: "delivered" } | { state: "failed"; item: PublicWriteItem };

function stateOf(items: PublicWriteItem[], id: string): QueuedBooking {
  const item = items.find((candidate) => candidate.id === id);
  // An item leaves the queue only once the server took it (or the person dismissed its refusal, already seen).
  if (!item) return { state: "delivered" };
  return item.state === "failed" ? { state: "failed", item } : { state: "waiting" };
}

/**
 * What became of the booking the device queue kept (its item id, or null when it was sent at once). Read from the queue
 * when the page opens, so a reload after delivery shows the confirmation, and again on every queue event of any
 * tab or the service worker, since only the event's own item matters.
 */
export function useQueuedBooking(id: string | null): QueuedBooking | null {
  const [queued, setQueued] = useState<QueuedBooking | null>(id ? { state: "waiting" } : null);

  useEffect(() => {
    if (!id) return;
    let latest = 0;
    const check = async () => {
      const mine = ++latest;
      // Loaded here, not with the page: only the queued variant needs IndexedDB.
      const { listPublicWrites } = await import("../../lib/offline-queue/publicWrites.ts");
      const items = await listPublicWrites();
      // A slower read started before the last event must not overwrite what that event's read found.
      if (mine === latest) setQueued(stateOf(items, id));
    };
    const refresh = () =>
      void check().catch((error: unknown) => console.error("Reading the device queue failed", error));
    const unsubscribe = subscribeQueue((event) => {
      if (event.type === "delivered" || event.type === "failed" || event.type === "dismissed") refresh();
    });
    refresh();
    return () => {
      latest = -1;
      unsubscribe();
    };
  }, [id]);

  return queued;
}
