import { useState } from "react";
import { useUpdateReady } from "../../lib/pwa/statusHooks.ts";
import "./pwa.css";

/** Offers the new version; only the person's click reloads, so nothing typed is lost by surprise. */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  const [later, setLater] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (!ready || later) return null;
  return (
    <div className="pwa-toast" role="status" aria-live="polite">
      <p className="pwa-toast-text">A new version is available</p>
      <div className="pwa-toast-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            // Loaded already: only the worker's registration in that chunk (main.tsx) ever finds an update.
            void import("../../lib/pwa/initPwa.ts").then(({ applyUpdate }) => applyUpdate());
          }}
        >
          {reloading ? "Reloading..." : "Reload"}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setLater(true)}>
          Later
        </button>
      </div>
    </div>
  );
}
