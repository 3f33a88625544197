import { useCallback, useEffect, useMemo, useState } from "react";
import { ALL_KINDS, type PublicWriteItem } from "../offline-queue/db.ts";
import { subscribeQueue } from "../offline-queue/events.ts";
import { listPublicWrites } from "../offline-queue/publicWrites.ts";
import { listStatusChanges, type StatusChange } from "../offline-queue/adminStatusQueue.ts";
import { list } from "../offline-queue/queue.ts";

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

const listAll = () => list(ALL_KINDS);

/**
 * Where the whole device queue stands, every kind of write together (the staff shell's sync state): how many wait
 * to be sent, and how many the server refused on replay and wait for the person to look at.
 */
export function useQueueState(): { waiting: number; refused: number } {
  const items = useLiveList(listAll);
  return useMemo(() => {
    const waiting = items.filter((item) => item.state === "pending").length;
    return { waiting, refused: items.length - waiting };
  }, [items]);
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
