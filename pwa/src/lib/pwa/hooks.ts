import { useCallback, useEffect, useState } from "react";
import type { OutboxItem } from "../outbox/db.ts";
import { subscribeOutbox } from "../outbox/events.ts";
import { listOutbox } from "../outbox/outbox.ts";
import { listStatusChanges, type StatusChange } from "../outbox/adminStatusQueue.ts";

export { useInstallAvailable, useOnline, useUpdateReady } from "./statusHooks.ts";

/** The outbox items on this device, kept current by the events of every tab and the service worker. */
export function useOutboxItems(): OutboxItem[] {
  return useLiveList(listOutbox);
}

/** The dashboard's queued, conflicting and refused status changes. */
export function useStatusChanges(): StatusChange[] {
  return useLiveList(listStatusChanges);
}

/** A list read from the queue, read again on every queue event (they are few, and each may change it). */
function useLiveList<T>(load: () => Promise<T[]>): T[] {
  const [items, setItems] = useState<T[]>([]);
  const refresh = useCallback(() => {
    load().then(setItems, (error: unknown) => console.error("outbox read failed", error));
  }, [load]);
  useEffect(() => {
    refresh();
    return subscribeOutbox(refresh);
  }, [refresh]);
  return items;
}
