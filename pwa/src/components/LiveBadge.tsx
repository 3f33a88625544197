import { useLiveStatus, type LiveStatus } from "../lib/socketEvents.ts";

const TEXT: Record<LiveStatus, string> = {
  connecting: "Connecting to live updates…",
  live: "Live updates on",
  offline: "Live updates paused, reconnecting…",
};

/** Tells staff whether new bookings will appear by themselves. */
export function LiveBadge() {
  const status = useLiveStatus();
  return (
    <p className={`adm-live adm-live--${status}`} role="status" aria-live="polite">
      <span className="adm-live__dot" aria-hidden="true" />
      {TEXT[status]}
    </p>
  );
}
