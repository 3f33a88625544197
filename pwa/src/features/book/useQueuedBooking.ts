import { useEffect, useState } from "react";
import type { OutboxItem } from "../../lib/outbox/db.ts";
import { subscribeOutbox } from "../../lib/outbox/events.ts";

export type QueuedBooking = { state: "waiting" } | { state: "delivered" } | { state: "failed"; item: OutboxItem };

function stateOf(items: OutboxItem[], id: string): QueuedBooking {
  const item = items.find((candidate) => candidate.id === id);
  // An item leaves the outbox only once the server took it (or the person dismissed its refusal, already seen).
  if (!item) return { state: "delivered" };
  return item.state === "failed" ? { state: "failed", item } : { state: "waiting" };
}

/**
 * What became of the booking the outbox kept (its item id, or null when it was sent at once). Read from the outbox
 * when the page opens, so a reload after delivery shows the confirmation, and again on every outbox event of any
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
      const { listOutbox } = await import("../../lib/outbox/outbox.ts");
      const items = await listOutbox();
      // A slower read started before the last event must not overwrite what that event's read found.
      if (mine === latest) setQueued(stateOf(items, id));
    };
    const refresh = () => void check().catch((error: unknown) => console.error("Reading the outbox failed", error));
    const unsubscribe = subscribeOutbox((event) => {
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
