import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/idle.ts";

// The device queue's notices read IndexedDB: their code is a chunk of its own, loaded once the page is idle.
const QueueNotices = lazy(() => import("./QueueNotices.tsx").then((module) => ({ default: module.QueueNotices })));

/** The device queue's notices (QueueNotices), once the page has painted and gone idle; nothing before. */
export function IdleQueueNotices() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <QueueNotices />
    </Suspense>
  ) : null;
}
