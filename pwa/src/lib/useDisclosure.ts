import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

const NONE: readonly (keyof WindowEventMap)[] = [];

/**
 * A panel opened by a toggle button (a menu): closed again when the page changes, and on Escape, which puts the
 * focus back on the toggle. `alsoCloseOn`: window events that close it too (the public menu closes on scroll); give
 * a constant, not a new array each render.
 */
export function useDisclosure(alsoCloseOn: readonly (keyof WindowEventMap)[] = NONE) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    for (const name of alsoCloseOn) window.addEventListener(name, close, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      for (const name of alsoCloseOn) window.removeEventListener(name, close);
      window.removeEventListener("keydown", onKey);
    };
  }, [open, alsoCloseOn]);

  return { open, setOpen, toggleRef };
}
