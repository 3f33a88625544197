import { useCallback } from "react";
import { useLoad } from "../../lib/useLoad.ts";

/**
 * Records of one booking loaded when its details open (history, e-mails): null while loading, and a failure is
 * logged with `what` and shown by the caller rather than thrown.
 */
export function useBookingRecords<T>(bookingId: string, load: (id: string) => Promise<T[]>, what: string) {
  const records = useLoad(
    useCallback(
      () =>
        load(bookingId).catch((error: unknown) => {
          console.error(`Loading ${what} failed`, error);
          throw error;
        }),
      [bookingId, load, what],
    ),
  );
  return { records: records.state === "ready" ? records.data : null, failed: records.state === "failed" };
}
