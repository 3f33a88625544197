import { presetPeriod } from "@contracts/reports/reports.ts";
import { todayIn } from "@contracts/schedule/dates.ts";
import { useCallback, useEffect, useState } from "react";
import { fetchSummary } from "../../features/reports/api.ts";
import { NetworkError } from "../../lib/http.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useSocketEvent } from "../../lib/socketEvents.ts";

/**
 * The money collected this month (payments less refunds, in cents), read again whenever a payment lands anywhere (the
 * technician's on site, the customer's online): null until first read, or when it cannot be.
 */
export function useCollected(): number | null {
  const { timeZone } = useProfile();
  const [collected, setCollected] = useState<number | null>(null);
  const read = useCallback(() => {
    fetchSummary(presetPeriod("this-month", todayIn(timeZone))).then(
      (summary) => setCollected(summary.collectedCents - summary.refundedCents),
      (error: unknown) => {
        // Offline the dashboard works from the device: the figure read last stays until the socket is back.
        if (!(error instanceof NetworkError)) console.error("Reading the money collected failed", error);
      },
    );
  }, [timeZone]);
  useEffect(read, [read]);
  useSocketEvent("invoiceUpdated", read);
  useSocketEvent("invoicePaid", read);
  useSocketEvent("connect", read);
  return collected;
}
