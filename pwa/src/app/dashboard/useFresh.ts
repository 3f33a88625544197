import { useState } from "react";
import { useSocketEvent } from "../../lib/socketEvents.ts";

/**
 * The "N new — show" count of a paged list that stands still while live events arrive: `add` counts one that is
 * not shown, `show` reads the first page again. Back online, the list is read again at once (what it missed is on it).
 */
export function useFresh(list: { state: string; refresh: () => void }) {
  const [fresh, setFresh] = useState(0);
  const show = () => {
    setFresh(0);
    list.refresh();
  };
  useSocketEvent("connect", () => {
    if (list.state === "ready") show();
  });
  return { fresh, add: () => setFresh((n) => n + 1), show };
}
