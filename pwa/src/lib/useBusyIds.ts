import { useCallback, useState } from "react";

/** Ids with a write in flight, so their controls can wait for the answer. */
export function useBusyIds() {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const track = useCallback(async <T>(id: string, work: () => Promise<T>): Promise<T> => {
    setBusyIds((s) => new Set(s).add(id));
    try {
      return await work();
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  }, []);
  return { busyIds, track };
}
