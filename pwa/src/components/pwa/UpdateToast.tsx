import { useState } from "react";
import "./pwa.css";

/** The new version's offer; only the person's click reloads, so nothing typed is lost by surprise. */
export default function UpdateToast({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const [reloading, setReloading] = useState(false);
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
            onReload();
          }}
        >
          {reloading ? "Reloading..." : "Reload"}
        </button>
        <button type="button" className="btn btn-outline" onClick={onLater}>
          Later
        </button>
      </div>
    </div>
  );
}
