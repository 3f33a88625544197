import { lazy, Suspense, useState } from "react";
import { useUpdateReady } from "../../lib/pwa/statusHooks.ts";

// The layout holds this on every page, but it shows only after a deploy: the toast's code is not part of the
// first load.
const UpdateToast = lazy(() => import("./UpdateToast.tsx"));

// Loaded already: only the worker's registration in that chunk (main.tsx) ever finds an update. Imported from here,
// not from the toast, so that no lazy chunk needs the preload helper and pulls it out of the entry.
const reload = () => void import("../../lib/pwa/initPwa.ts").then(({ applyUpdate }) => applyUpdate());

/** Offers the new version once a new service worker waits, until the person puts it off with Later. */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  const [later, setLater] = useState(false);
  if (!ready || later) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast onReload={reload} onLater={() => setLater(true)} />
    </Suspense>
  );
}
