import { useEffect, useState } from "react";
import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import { ApiError } from "../../lib/http.ts";
import { fetchManagedBooking } from "./api.ts";

export type ManagedBookingState =
  | { status: "loading" }
  | { status: "not-found" }
  | { status: "failed" }
  | { status: "loaded"; booking: ManagedBooking };

/** Loads the booking of a manage link; `reload` asks again after a failed load. */
export function useManagedBooking(token: string) {
  const [attempt, setAttempt] = useState(0);
  // Each answer remembers the request it answers, so an older one reads as loading until the new one lands.
  const [answer, setAnswer] = useState<{ key: string; state: ManagedBookingState } | null>(null);
  const key = `${attempt}:${token}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchManagedBooking(token, controller.signal).then(
      (booking) => setAnswer({ key, state: { status: "loaded", booking } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // 404 is a wrong or old link, which is the customer's answer; anything else is a failure to retry.
        if (error instanceof ApiError && error.status === 404) setAnswer({ key, state: { status: "not-found" } });
        else {
          console.warn("Loading the booking failed", error);
          setAnswer({ key, state: { status: "failed" } });
        }
      },
    );
    return () => controller.abort();
  }, [token, key]);

  const state: ManagedBookingState = answer?.key === key ? answer.state : { status: "loading" };
  return {
    state,
    reload: () => setAttempt((n) => n + 1),
    replace: (booking: ManagedBooking) => setAnswer({ key, state: { status: "loaded", booking } }),
  };
}
