import { useLoad } from "./useLoad.ts";

/** A read of this device's own state: what it answered, and the way to read it again. */
export interface DeviceRead<T> {
  /** Null until the first answer, and when the device could not say. */
  value: T | null;
  /** Reads again; the value shown stays until the answer. */
  again: () => void;
}

/**
 * Something the device knows about itself (its storage's persistence, its room for photos, whether the browser
 * cleared it), read when the component mounts: useLoad's read, where a failure is no screen's to show, only the
 * absence of a value. `read` must be a stable function (module-level or from useCallback).
 */
export function useDeviceRead<T>(read: () => Promise<T>): DeviceRead<T> {
  const load = useLoad(read, { keepShown: true });
  return { value: load.state === "ready" ? load.data : null, again: load.refresh };
}
