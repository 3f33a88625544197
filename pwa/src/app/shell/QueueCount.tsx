import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { acknowledgeStorageCleared, storageClearedSince } from "../../lib/deviceStorage/evictionMarker.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { queueStateOf, useQueueItems } from "../../lib/pwa/hooks.ts";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";
import { useDisclosure } from "../../lib/useDisclosure.ts";
import { usePressOutside } from "../../lib/usePressOutside.ts";
import { ShellIcon } from "./ShellIcon.tsx";
import { StorageClearedNotice } from "./StorageClearedNotice.tsx";
import { syncText } from "./syncText.ts";

// The list and Send now load when the person opens them.
const SyncPanel = lazy(() => import("./SyncPanel.tsx"));

/** The clock the oldest item's age is read against, ticking while anything waits. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}

/**
 * The device queue at a glance, on every staff screen: "All sent", or "N waiting to be sent" and the oldest one's
 * age, or how much the server refused; a tap opens what waits, with Send now. After the browser cleared the site's
 * storage it says so, here and above the screen, until the person has read it.
 */
export default function QueueCount() {
  const { t } = useTranslator();
  const items = useQueueItems();
  const state = queueStateOf(items);
  const cleared = useDeviceRead(storageClearedSince);
  // Read by the person: the notice goes, whatever the device said.
  const [read, setRead] = useState(false);
  const clearedSince = read ? null : cleared.value;
  const now = useNow(state.waiting > 0);
  const { open, setOpen, toggleRef } = useDisclosure();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  // A tap anywhere else closes the list.
  usePressOutside(
    open,
    root,
    useCallback(() => setOpen(false), [setOpen]),
  );

  const { look, text, age } = syncText(state, clearedSince !== null, now, t);
  const notices = document.getElementById("shell-notices");
  return (
    <div className="shell-sync" ref={root}>
      <button
        ref={toggleRef}
        type="button"
        className="shell-sync__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-live="polite"
        onClick={() => setOpen((o) => !o)}
      >
        <span className={`shell-queue shell-queue--${look}`}>
          <ShellIcon name={look === "cleared" ? "refused" : look} size={16} />
          <span className="shell-queue__text">{text}</span>
          {age && <span className="shell-queue__age">· {age}</span>}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SyncPanel id={panelId} items={items} now={now} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {clearedSince !== null &&
        notices &&
        createPortal(
          <StorageClearedNotice
            since={clearedSince}
            onRead={() => {
              acknowledgeStorageCleared();
              setRead(true);
            }}
          />,
          notices,
        )}
    </div>
  );
}
