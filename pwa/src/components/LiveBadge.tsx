import { useLiveStatus, type LiveStatus } from "../lib/liveStatus.ts";

const TEXT: Record<Exclude<LiveStatus, "closed">, string> = {
  connecting: "Connecting to live updates…",
  live: "Live updates on",
  offline: "Live updates paused, reconnecting…",
};

/**
 * Tells staff whether new bookings will appear by themselves; nothing on a screen that shows nothing live. Reads
 * the connection's state only: the socket's code stays with the screens that listen.
 */
export function LiveBadge() {
  const status = useLiveStatus();
  if (status === "closed") return null;
  return (
    <p className={`adm-live adm-live--${status}`} role="status" aria-live="polite">
      <span className="adm-live__dot" aria-hidden="true" />
      {TEXT[status]}
    </p>
  );
}
