import { useSyncExternalStore } from "react";
import { createStore } from "./pwa/store.ts";

/** "closed": no screen listens live (Settings, Reports), so no connection is open. */
export type LiveStatus = "closed" | "connecting" | "live" | "offline";

/**
 * The staff's live connection's state, apart from the connection itself (socketEvents.ts sets it): the shell shows
 * it on every screen without loading the socket's code where no screen listens.
 */
export const liveStatus = createStore<LiveStatus>("closed");

/** Whether the live connection is up, for a badge that tells staff whether changes appear by themselves. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, () => "closed");
}
