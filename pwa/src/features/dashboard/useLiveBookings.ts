import type { ContactMessage } from "@contracts/mail.ts";
import { useEffect, useRef, useState, type Dispatch } from "react";
import { SOCKET_REFUSALS, SOCKET_RETRY_AFTER_UNAVAILABLE_MS } from "@contracts/events.ts";
import { endSession } from "../../lib/http.ts";
import { getToken } from "../../lib/session.ts";
import { connectAdminSocket } from "../../lib/socket.ts";
import type { BookingsAction } from "./bookingsReducer.ts";
import { fetchCatchUp } from "./catchUp.ts";

export type LiveStatus = "connecting" | "live" | "offline";

/** Other live data riding on the same admin socket (one connection per dashboard). */
export interface LiveListeners {
  onContactMessage?: (message: ContactMessage) => void;
  /** Every connect after the first load: a chance to fetch what was missed while away. */
  onCatchUp?: () => void;
}

/**
 * Keeps the bookings live: socket events go through the reducer, and every (re)connection after the
 * first load asks for the bookings changed and deleted since shortly before the latest change seen
 * (fetchCatchUp), because events sent while this socket was away are not replayed.
 */
export function useLiveBookings(
  dispatch: Dispatch<BookingsAction>,
  since: string | null,
  loaded: boolean,
  listeners: LiveListeners = {},
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef({ since, loaded, listeners });
  useEffect(() => {
    latest.current = { since, loaded, listeners };
  }, [since, loaded, listeners]);

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const socket = connectAdminSocket(token);

    const catchUp = () => {
      const { since: from, loaded: ready } = latest.current;
      // Before the first load answers, that load itself covers everything.
      if (!ready) return;
      latest.current.listeners.onCatchUp?.();
      fetchCatchUp(from).then(
        (action) => dispatch(action),
        (error: unknown) => console.error("Catching up on bookings failed", error),
      );
    };

    socket.on("connect", () => {
      setStatus("live");
      catchUp();
    });
    let retry: ReturnType<typeof setTimeout> | undefined;
    socket.on("disconnect", (reason) => {
      setStatus("offline");
      // Only the server ends a socket this way, when its token expired or was revoked (logout elsewhere).
      if (reason === "io server disconnect") endSession();
    });
    socket.on("connect_error", (error) => {
      setStatus("offline");
      // A network failure is retried by the client itself (`active`); a refused handshake is not.
      if (socket.active) return console.warn("Live updates unavailable", error.message);
      if (error.message === SOCKET_REFUSALS.unauthorized) return endSession();
      console.warn("Live updates refused, asking again shortly", error.message);
      retry = setTimeout(() => socket.connect(), SOCKET_RETRY_AFTER_UNAVAILABLE_MS);
    });
    socket.on("newBooking", (booking) => dispatch({ type: "newBooking", booking }));
    socket.on("bookingUpdated", (booking) => dispatch({ type: "bookingUpdated", booking }));
    socket.on("bookingDeleted", (payload) => dispatch({ type: "bookingDeleted", payload }));
    socket.on("contactMessage", (message) => latest.current.listeners.onContactMessage?.(message));

    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [dispatch]);

  return status;
}
