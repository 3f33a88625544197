import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { useOnline } from "../../lib/pwa/statusHooks.ts";
import "./pwa.css";

const messages = defineMessages({
  offline: {
    id: "public.offline.pill",
    defaultMessage:
      "You are offline. Pages you have visited still work, and bookings and messages are saved on this device and sent when you are back online.",
  },
});

/**
 * A pill shown while the device has no network. The live region stays mounted so screen readers
 * announce the change both ways.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const { t } = useTranslator();
  return (
    <div className="pwa-offline" role="status" aria-live="polite">
      {online ? null : (
        <p className="pwa-offline-pill">
          <span aria-hidden="true" className="pwa-offline-dot" />
          {t(messages.offline)}
        </p>
      )}
    </div>
  );
}
