import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/idle.ts";

// The queue is read from IndexedDB: its code loads once the screen has painted, as the queue's notices' does.
const QueueCount = lazy(() => import("./QueueCount.tsx"));

/** The device queue's state, once the screen is idle; an empty chip of the same size before, so nothing moves. */
export function QueueState() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  const placeholder = <span className="shell-queue shell-queue--loading" aria-hidden="true" />;
  return idle ? (
    <Suspense fallback={placeholder}>
      <QueueCount />
    </Suspense>
  ) : (
    placeholder
  );
}
