import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import { useEffect, useRef } from "react";
import { saveAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import type { AdminSnapshot } from "../../lib/offline-queue/db.ts";

/** A burst of live events or a catch-up makes one write, not one per booking. */
export const OFFLINE_COPY_DELAY_MS = 300;

function saveWaiting(waiting: { current: AdminSnapshot | null }): void {
  const snapshot = waiting.current;
  waiting.current = null;
  if (!snapshot) return;
  saveAdminSnapshot(snapshot).catch((error: unknown) =>
    console.error("Keeping the dashboard offline copy failed", error),
  );
}

/**
 * Keeps the device's copy of the dashboard (customers are derived from its bookings) as current as the screen: the
 * first load, live events, the reconnect catch-up and the admin's own changes all rewrite it, so a tablet that loses
 * its network reopens with what it last showed. `synced` is false while the bookings shown are not the server's
 * (the device's own copy, or a failed load): saving those would date old data as fresh.
 */
export function useOfflineCopy(bookings: Booking[], services: Service[], synced: boolean): void {
  const waiting = useRef<AdminSnapshot | null>(null);

  useEffect(() => {
    if (!synced) return;
    // Dated when the change happened: the screen was in step with the server then.
    waiting.current = { bookings, services, syncedAt: new Date().toISOString() };
    const timer = setTimeout(() => saveWaiting(waiting), OFFLINE_COPY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [bookings, services, synced]);

  // Leaving the dashboard or closing the app writes what is still waiting (after a logout the save declines).
  useEffect(() => {
    const flush = () => saveWaiting(waiting);
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);
}
