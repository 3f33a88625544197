import { useEffect, useState } from "react";
import { type PushState, pushState, pushSupported, turnOffPush, turnOnPush } from "../lib/push.ts";
import { failureText } from "../lib/http.ts";

const LABELS: Record<Exclude<PushState, "unsupported">, string> = {
  off: "Turn on notifications",
  on: "Notifications on",
  blocked: "Notifications blocked",
};

/**
 * The staff menu's switch for notifications on this device (issue 19): a new booking for the office, a
 * technician's own jobs for them. Hidden where the browser has no web push.
 */
export function NotificationsButton() {
  const [state, setState] = useState<PushState | "loading">(() => (pushSupported() ? "loading" : "unsupported"));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    pushState()
      .then((next) => live && setState(next))
      .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, []);

  if (state === "unsupported" || state === "loading") return null;

  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setState(state === "on" ? await turnOffPush() : await turnOnPush());
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
