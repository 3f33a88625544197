import { useOnline } from "../../lib/pwa/statusHooks.ts";
import "./pwa.css";

/**
 * A pill shown while the device has no network. The live region stays mounted so screen readers
 * announce the change both ways.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div className="pwa-offline" role="status" aria-live="polite">
      {online ? null : (
        <p className="pwa-offline-pill">
          <span aria-hidden="true" className="pwa-offline-dot" />
          You are offline. Pages you have visited still work, and bookings and messages are saved on this device and
          sent when you are back online.
        </p>
      )}
    </div>
  );
}
