import { useCallback, useEffect } from "react";
import { ALL_KINDS, type PublicWriteItem, type QueueItem } from "../offline-queue/db.ts";
import { subscribeQueue } from "../offline-queue/events.ts";
import { listPublicWrites } from "../offline-queue/publicWrites.ts";
import { listStatusChanges, type StatusChange } from "../offline-queue/adminStatusQueue.ts";
import { countOthersWaiting, listKept } from "../offline-queue/queue.ts";
import { useDeviceRead } from "../useDeviceRead.ts";

/** An empty list until the first read: one array, so a screen does not see a new one on every render. */
const NOTHING: never[] = [];

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

// Kept as stored: the shell counts and sizes items, it shows no photo.
const listAll = () => listKept(ALL_KINDS);

/** Every item of this session on the device, every kind together, oldest first (the staff shell's sync list). */
export function useQueueItems(): QueueItem[] {
  return useLiveList(listAll);
}

export interface QueueState {
  waiting: number;
  /** Refused on replay, waiting for the person to look at them. */
  refused: number;
  /** When the oldest item still waiting was made (epoch ms), or null. */
  oldestWaitingAt: number | null;
}

/**
 * Where the whole device queue stands, every kind of write together (the staff shell's sync state): how many wait
 * to be sent and since when, and how many the server refused on replay.
 */
export function useQueueState(): QueueState {
  return queueStateOf(useQueueItems());
}

export function queueStateOf(items: readonly QueueItem[]): QueueState {
  const pending = items.filter((item) => item.state === "pending");
  return {
    waiting: pending.length,
    refused: items.length - pending.length,
    oldestWaitingAt: pending.length > 0 ? Math.min(...pending.map((item) => item.createdAt)) : null,
  };
}

const countOthers = async () => [await countOthersWaiting(ALL_KINDS)];

/** How many items of other staff members wait on this device for their own login. */
export function useOthersWaiting(): number {
  return useLiveList(countOthers)[0] ?? 0;
}

/** A list read from the queue, read again on every queue event (they are few, and each may change it). */
function useLiveList<T>(load: () => Promise<T[]>): T[] {
  // A device read: its answer is dropped once the screen has closed, as a read of IndexedDB may come after.
  const read = useCallback(
    () =>
      load().catch((error: unknown) => {
        console.error("queue read failed", error);
        throw error;
      }),
    [load],
  );
  const { value, again } = useDeviceRead(read);
  useEffect(() => subscribeQueue(() => again()), [again]);
  return value ?? (NOTHING as T[]);
}
