import type { Booking } from "@contracts/bookings/booking.ts";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { fetchBooking } from "../../features/bookings/api.ts";
import { applyChange, type BookingChange } from "../../features/bookings/liveRows.ts";
import { useBookingActions } from "../../features/bookings/useBookingActions.ts";
import { useTechnicians } from "../../features/bookings/useTechnicians.ts";
import { appliedBooking } from "../../lib/offline-queue/adminStatusQueue.ts";
import { subscribeQueue } from "../../lib/offline-queue/events.ts";
import { useStatusChanges } from "../../lib/pwa/hooks.ts";
import { useServices } from "../../lib/services.ts";
import { useLoad } from "../../lib/useLoad.ts";

/** The details dialog (the visit, its photos, the assignment, e-mails, history): loaded when first opened, not with
 * the list, which a tablet draws sooner without it. */
const BookingDetailsModal = lazy(() =>
  import("../../features/bookings/BookingDetailsModal.tsx").then((m) => ({ default: m.BookingDetailsModal })),
);

interface Rows {
  rows: readonly Booking[];
  update: (change: (rows: Booking[]) => Booking[]) => void;
  /** Reads the rows again behind what is shown. */
  refresh: () => void;
}

/**
 * What every bookings table of the office shares: the services' names, the row actions (view, edit, delete,
 * status, offline-queued status changes) and the details dialog. `openId`: a booking to open at once (a
 * notification's /dashboard?booking={id}), read from the server when it is not among the rows.
 */
export function useBookingTable(list: Rows, openId: string | null = null) {
  const navigate = useNavigate();
  const location = useLocation();
  const { services } = useServices();
  const technicians = useTechnicians();
  const { update, refresh } = list;
  const [opened, setOpened] = useState<Booking | null>(null);
  const [openedId, setOpenedId] = useState<string | null>(openId);

  // A booking asked for by id is read once from the server: it may be on no page on screen.
  const asked = useLoad(
    useCallback((): Promise<Booking | null> => (openedId ? fetchBooking(openedId) : Promise.resolve(null)), [openedId]),
  );
  const { update: updateAsked } = asked;

  const patch = useCallback(
    (change: BookingChange) => {
      update((rows) => applyChange(rows, change));
      setOpened((b) => {
        if (!b) return b;
        if (change.type === "deleted") return change.payload._id === b._id ? null : b;
        return applyChange([b], change)[0]!;
      });
      updateAsked((b) => (b ? (applyChange([b], change)[0] ?? null) : b));
    },
    [update, updateAsked],
  );
  const actions = useBookingActions(patch);

  // A status change queued offline and applied later comes back through the device queue, maybe from another tab.
  // The rows are also read again: a read sent before the change reached the server may answer after this patch (or
  // there may be no rows yet to patch, the screen having opened offline).
  useEffect(
    () =>
      subscribeQueue((event) => {
        const booking = event.type === "delivered" ? appliedBooking(event.item, event.body) : null;
        if (!booking) return;
        patch({ type: "updated", booking });
        refresh();
      }),
    [patch, refresh],
  );

  const statusChanges = useStatusChanges();
  const queuedStatus = useMemo(
    () => new Map(statusChanges.filter((c) => c.state === "pending").map((c) => [c.bookingId, c.status])),
    [statusChanges],
  );

  // The row's copy is the current one (live events patch it); the dialog's own copy stands for one not listed.
  const target = opened ?? (asked.state === "ready" ? asked.data : null);
  const shown = target ? (list.rows.find((b) => b._id === target._id) ?? target) : null;
  const close = () => {
    setOpened(null);
    setOpenedId(null);
  };

  const table = {
    services,
    busyIds: actions.busyIds,
    queuedStatus,
    onView: (b: Booking) => setOpened(b),
    onEdit: (b: Booking) =>
      navigate(`/admin/bookings/edit/${encodeURIComponent(b._id)}`, {
        state: { from: `${location.pathname}${location.search}` },
      }),
    onDelete: actions.onDelete,
    onStatusChange: actions.onStatusChange,
  };
  const details = shown && (
    <Suspense fallback={null}>
      <BookingDetailsModal
        booking={shown}
        services={services}
        technicians={technicians}
        onAssigned={(booking) => patch({ type: "updated", booking })}
        onClose={close}
      />
    </Suspense>
  );
  const openById = (id: string) => {
    setOpened(list.rows.find((b) => b._id === id) ?? null);
    setOpenedId(id);
  };
  return { table, details, services, patch, openById };
}
