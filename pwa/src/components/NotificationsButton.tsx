import { useState } from "react";
import { type PushState, pushState, pushSupported, turnOffPush, turnOnPush } from "../lib/push.ts";
import { failureText } from "../lib/http.ts";
import { useLoad } from "../lib/useLoad.ts";

const LABELS: Record<Exclude<PushState, "unsupported">, string> = {
  off: "Turn on notifications",
  on: "Notifications on",
  blocked: "Notifications blocked",
};

/** This device's notifications, as the browser says; unreadable counts as off. */
const readPushState = (): Promise<PushState> =>
  pushSupported() ? pushState().catch(() => "off" as const) : Promise.resolve("unsupported" as const);

/**
 * The staff menu's switch for notifications on this device: a new booking for the office, a
 * technician's own jobs for them. Hidden where the browser has no web push.
 */
export function NotificationsButton() {
  const push = useLoad(readPushState);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (push.state !== "ready" || push.data === "unsupported") return null;
  const state = push.data;

  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const next = state === "on" ? await turnOffPush() : await turnOnPush();
      push.update(() => next);
    } catch (error) {
      console.error("Changing notifications failed", error);
      setProblem(failureText(error, { otherwise: "Notifications could not be turned on on this device." }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="notifications-switch">
      <button
        type="button"
        className="btn btn-outline"
        aria-pressed={state === "on"}
        disabled={busy || state === "blocked"}
        title={
          state === "blocked"
            ? "This browser blocks notifications from this site: allow them in its site settings."
            : state === "on"
              ? "Tap to stop notifications on this device"
              : undefined
        }
        onClick={() => void toggle()}
      >
        {busy ? "Please wait..." : LABELS[state]}
      </button>
      {problem && (
        <span role="alert" className="field-error">
          {problem}
        </span>
      )}
    </span>
  );
}
