import { useCallback, useEffect, useState } from "react";
import type { OutboxItem, StatusChange } from "../outbox/db.ts";
import { subscribeOutbox } from "../outbox/events.ts";
import { listOutbox } from "../outbox/outbox.ts";
import { listStatusChanges } from "../outbox/adminStatusQueue.ts";

export { useInstallAvailable, useOnline, useUpdateReady } from "./statusHooks.ts";

const OUTBOX_EVENTS = new Set(["queued", "delivered", "failed", "dismissed"]);
const isOutboxEvent = (type: string) => OUTBOX_EVENTS.has(type);
const isStatusEvent = (type: string) => type.startsWith("status-") || type === "admin-cleared";

/** The outbox items on this device, kept current by the events of every tab and the service worker. */
export function useOutboxItems(): OutboxItem[] {
  return useLiveList(listOutbox, isOutboxEvent);
}

/** The dashboard's queued, conflicting and refused status changes. */
export function useStatusChanges(): StatusChange[] {
  return useLiveList(listStatusChanges, isStatusEvent);
}

function useLiveList<T>(load: () => Promise<T[]>, relevant: (type: string) => boolean): T[] {
  const [items, setItems] = useState<T[]>([]);
  const refresh = useCallback(() => {
    load().then(setItems, (error: unknown) => console.error("outbox read failed", error));
  }, [load]);
  useEffect(() => {
    refresh();
    return subscribeOutbox((event) => {
      if (relevant(event.type)) refresh();
    });
  }, [refresh, relevant]);
  return items;
}
