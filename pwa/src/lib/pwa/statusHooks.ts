import { useSyncExternalStore } from "react";
import { installAvailable } from "./installPrompt.ts";
import { isOnline, subscribeOnline } from "./online.ts";
import { updateReady } from "./updateReady.ts";

// The hooks the layout needs on every page, kept apart from the device queue's hooks (hooks.ts) so that the first load
// carries no IndexedDB code.

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(updateReady.subscribe, updateReady.get, () => false);
}

export function useInstallAvailable(): boolean {
  return useSyncExternalStore(installAvailable.subscribe, installAvailable.get, () => false);
}
