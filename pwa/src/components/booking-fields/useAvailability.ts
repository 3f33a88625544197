import { useEffect, useState } from "react";
import type { Availability } from "@contracts/bookings/booking.ts";
import { isIsoDate } from "@contracts/schedule/dates.ts";
import { request } from "../../lib/http.ts";

export type AvailabilityState =
  { status: "idle" | "loading" | "failed"; availability: null } | { status: "loaded"; availability: Availability };

/** GET /api/availability for a date; a failure leaves every slot open (the server still checks capacity). */
export function useAvailability(date: string, refreshKey = 0): AvailabilityState {
  const [state, setState] = useState<AvailabilityState & { date: string; key: number }>({
    status: "idle",
    availability: null,
    date: "",
    key: 0,
  });

  useEffect(() => {
    if (!isIsoDate(date)) return;
    const controller = new AbortController();
    request<Availability>(`/api/availability?date=${encodeURIComponent(date)}`, { signal: controller.signal })
      .then((availability) => setState({ status: "loaded", availability, date, key: refreshKey }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Could not load availability", error);
        setState({ status: "failed", availability: null, date, key: refreshKey });
      });
    return () => controller.abort();
  }, [date, refreshKey]);

  if (!isIsoDate(date)) return { status: "idle", availability: null };
  // An answer for another date (or an older refresh) is stale until the new one lands.
  if (state.date !== date || state.key !== refreshKey) return { status: "loading", availability: null };
  return state.status === "loaded"
    ? { status: "loaded", availability: state.availability }
    : { status: state.status, availability: null };
}
