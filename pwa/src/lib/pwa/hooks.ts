import { useCallback, useEffect, useState } from "react";
import type { PublicWriteItem } from "../offline-queue/db.ts";
import { subscribeQueue } from "../offline-queue/events.ts";
import { listPublicWrites } from "../offline-queue/publicWrites.ts";
import { listStatusChanges, type StatusChange } from "../offline-queue/adminStatusQueue.ts";

export { useInstallAvailable, useOnline, useUpdateReady } from "./statusHooks.ts";

/**
 * The public writes (bookings, messages) waiting or refused on this device, kept current by the events of every tab
 * and the service worker.
 */
export function usePublicWriteItems(): PublicWriteItem[] {
  return useLiveList(listPublicWrites);
}

/** The dashboard's queued, conflicting and refused status changes. */
export function useStatusChanges(): StatusChange[] {
  return useLiveList(listStatusChanges);
}

/** A list read from the queue, read again on every queue event (they are few, and each may change it). */
function useLiveList<T>(load: () => Promise<T[]>): T[] {
  const [items, setItems] = useState<T[]>([]);
  const refresh = useCallback(() => {
    load().then(setItems, (error: unknown) => console.error("queue read failed", error));
  }, [load]);
  useEffect(() => {
    refresh();
    return subscribeQueue(refresh);
  }, [refresh]);
  return items;
}
