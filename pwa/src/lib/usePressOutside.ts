import { useEffect, type RefObject } from "react";

/** While `open`, a press anywhere outside `root` calls `close` (a menu, a popover, a calendar). */
export function usePressOutside(open: boolean, root: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, root, close]);
}
