import type { DashboardSummary } from "@contracts/dashboard/summary.ts";
import { useCallback, useEffect, useRef } from "react";
import { takeEarly } from "../../lib/earlyReads.ts";
import { request } from "../../lib/http.ts";
import { getToken } from "../../lib/session.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { SUMMARY_PATH } from "./overviewReads.ts";

/** A burst of live events (an import, a busy morning) reads the figures once after it, not once per event. */
export const summaryTiming = { settleMs: 1_000 };

const settleMs = () => summaryTiming.settleMs;

const readSummary = () =>
  takeEarly<DashboardSummary>(SUMMARY_PATH) ?? request<DashboardSummary>(SUMMARY_PATH, { auth: true });

/**
 * Calls `run` once `ms` after the last of a burst of calls; the latest `run` is the one called, and nothing is
 * called after the screen closed.
 */
export function useSettled(run: () => void, ms: () => number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    // Not once signed out: a logout under way must not send a read without its session (the server's 401).
    timer.current = setTimeout(() => {
      if (getToken()) latest.current();
    }, ms());
  }, [ms]);
}

/**
 * The office's figures (GET /api/dashboard/summary), read again, settled, whenever a booking or a payment changes
 * anywhere and after a reconnection; the figures shown stay until the new ones answer.
 */
export function useSummary() {
  const summary = useLoad(readSummary, { keepShown: true });
  const again = useSettled(summary.refresh, settleMs);
  useSocketEvent("newBooking", again);
  useSocketEvent("bookingUpdated", again);
  useSocketEvent("bookingDeleted", again);
  useSocketEvent("invoicePaid", again);
  useSocketEvent("invoiceUpdated", again);
  useSocketEvent("connect", again);
  return summary;
}
