import type { Service } from "@contracts/entities.ts";
import { useCallback, useEffect, useReducer, useState } from "react";
import { loadAdminSnapshot, saveAdminSnapshot } from "../../lib/outbox/adminSnapshot.ts";
import { subscribeOutbox } from "../../lib/outbox/events.ts";
import { fetchBookings, fetchServices } from "./api.ts";
import { bookingsReducer, initialBookingsState, type BookingsAction } from "./bookingsReducer.ts";
import { useLiveBookings, type LiveListeners } from "./useLiveBookings.ts";

/**
 * Bookings and services of the dashboard: loaded once, then kept current by the socket. A successful load is
 * kept on the device, so a tablet without a network still shows the last data, marked with its sync time.
 */
export function useDashboardData(live: LiveListeners = {}) {
  const [state, dispatch] = useReducer(bookingsReducer, initialBookingsState);
  const [services, setServices] = useState<Service[]>([]);
  const [loading, setLoading] = useState(true);
  /** Set when what is shown comes from the device's copy: the ISO time of that copy's last sync. */
  const [offlineSince, setOfflineSince] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    Promise.allSettled([fetchBookings(), fetchServices()]).then(async ([bookings, list]) => {
      if (cancelled) return;
      if (bookings.status === "fulfilled" && list.status === "fulfilled") {
        dispatch({ type: "loaded", bookings: bookings.value });
        setServices(list.value);
        saveAdminSnapshot({ bookings: bookings.value, services: list.value, syncedAt: new Date().toISOString() }).catch(
          (error: unknown) => console.error("Keeping the dashboard offline copy failed", error),
        );
      } else {
        // SPEC §8: a load failure is only logged; what did load is shown, else the device's last copy.
        if (bookings.status === "rejected") console.error("Loading bookings failed", bookings.reason);
        if (list.status === "rejected") console.error("Loading services failed", list.reason);
        const snapshot = await loadAdminSnapshot().catch(() => null);
        if (cancelled) return;
        if (bookings.status === "fulfilled") dispatch({ type: "loaded", bookings: bookings.value });
        else if (snapshot) dispatch({ type: "loaded", bookings: snapshot.bookings });
        if (list.status === "fulfilled") setServices(list.value);
        else if (snapshot) setServices(snapshot.services);
        if (snapshot && bookings.status === "rejected") setOfflineSince(snapshot.syncedAt);
      }
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // A status change queued offline and applied later comes back through the outbox, maybe from another tab.
  useEffect(
    () =>
      subscribeOutbox((event) => {
        if (event.type === "status-applied" && event.booking)
          dispatch({ type: "bookingUpdated", booking: event.booking });
      }),
    [],
  );

  // The socket's list actions are its catch-up after a (re)connect: from then on the bookings are current again.
  const liveDispatch = useCallback((action: BookingsAction) => {
    if (action.type === "merged" || action.type === "loaded") setOfflineSince(null);
    dispatch(action);
  }, []);
  const liveStatus = useLiveBookings(liveDispatch, state.since, !loading, live);
  return { loading, bookings: state.bookings, dispatch, services, setServices, liveStatus, offlineSince };
}
