import { useEffect, useState } from "react";

/**
 * Records of one booking loaded when its details open (history, e-mails): null while loading, and a failure is
 * logged with `what` and shown by the caller rather than thrown.
 */
export function useBookingRecords<T>(bookingId: string, load: (id: string) => Promise<T[]>, what: string) {
  const [records, setRecords] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    load(bookingId).then(
      (list) => !cancelled && setRecords(list),
      (error: unknown) => {
        console.error(`Loading ${what} failed`, error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [bookingId, load, what]);

  return { records, failed };
}
