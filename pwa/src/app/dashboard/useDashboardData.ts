import type { Service } from "@contracts/services/service.ts";
import { useCallback, useEffect, useReducer, useState } from "react";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { appliedBooking } from "../../lib/offline-queue/adminStatusQueue.ts";
import { subscribeQueue } from "../../lib/offline-queue/events.ts";
import { fetchBookings } from "../../features/bookings/api.ts";
import { fetchServices } from "../../features/services/api.ts";
import { bookingsReducer, initialBookingsState, type BookingsAction } from "../../features/bookings/bookingsReducer.ts";
import { useLiveBookings } from "../../features/bookings/useLiveBookings.ts";
import { useOfflineCopy } from "./useOfflineCopy.ts";

/**
 * Bookings and services of the dashboard: loaded once, then kept current by the socket. What is shown is kept on
 * the device while it is the server's, so a tablet without a network still shows the last data, marked with its
 * sync time.
 */
export function useDashboardData() {
  const [state, dispatch] = useReducer(bookingsReducer, initialBookingsState);
  const [services, setServices] = useState<Service[]>([]);
  const [loading, setLoading] = useState(true);
  /** Set when what is shown comes from the device's copy: the ISO time of that copy's last sync. */
  const [offlineSince, setOfflineSince] = useState<string | null>(null);
  /** The bookings shown came from the server (the first load or a catch-up), not from the device's copy. */
  const [synced, setSynced] = useState(false);

  useEffect(() => {
    let cancelled = false;
    Promise.allSettled([fetchBookings(), fetchServices()]).then(async ([bookings, list]) => {
      if (cancelled) return;
      if (bookings.status === "fulfilled" && list.status === "fulfilled") {
        dispatch({ type: "loaded", bookings: bookings.value });
        setServices(list.value);
        setSynced(true);
      } else {
        // SPEC §8: a load failure is only logged; what did load is shown, else the device's last copy.
        if (bookings.status === "rejected") console.error("Loading bookings failed", bookings.reason);
        if (list.status === "rejected") console.error("Loading services failed", list.reason);
        const snapshot = await loadAdminSnapshot().catch(() => null);
        if (cancelled) return;
        if (bookings.status === "fulfilled") {
          dispatch({ type: "loaded", bookings: bookings.value });
          setSynced(true);
        } else if (snapshot) dispatch({ type: "loaded", bookings: snapshot.bookings });
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

  // A status change queued offline and applied later comes back through the device queue, maybe from another tab.
  useEffect(
    () =>
      subscribeQueue((event) => {
        const booking = event.type === "delivered" ? appliedBooking(event.item, event.body) : null;
        if (booking) dispatch({ type: "bookingUpdated", booking });
      }),
    [],
  );

  // The socket's list actions are its catch-up after a (re)connect: from then on the bookings are current again.
  const liveDispatch = useCallback((action: BookingsAction) => {
    if (action.type === "merged" || action.type === "loaded") {
      setOfflineSince(null);
      setSynced(true);
    }
    dispatch(action);
  }, []);
  useLiveBookings(liveDispatch, state.since, !loading);
  useOfflineCopy(state.bookings, services, synced);
  return { loading, bookings: state.bookings, dispatch, services, setServices, offlineSince };
}
