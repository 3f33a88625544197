import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

/** SPEC §9: the scroll-to-top button shows after 300 px. */
export const SCROLL_BUTTON_THRESHOLD = 300;

const behavior = (): ScrollBehavior =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";

/** Scrolls smoothly to the top on every route change and moves focus to the new page's content. */
export function RouteScroll() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: behavior() });
    // Screen readers start at the new page instead of staying on the link that was chosen.
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

/** Where the button sits (fixed, see .scroll-top): 48 px, 1rem from the right and bottom edges. */
const BUTTON_SIZE = 48;
const BUTTON_INSET = 16;
/**
 * True when a form lies where the button would be drawn: it must not cover a field or button someone filling in
 * the form taps next. The whole form counts, not only its fields, so the button does not blink on and off between
 * them while the form scrolls by. Links in the text may pass under it, as under any floating button.
 */
function formUnderButton(): boolean {
  if (typeof document.elementsFromPoint !== "function") return false;
  // The viewport without its scroll bars, which is what `position: fixed` measures from.
  const centerX = document.documentElement.clientWidth - BUTTON_INSET - BUTTON_SIZE / 2;
  const centerY = document.documentElement.clientHeight - BUTTON_INSET - BUTTON_SIZE / 2;
  const reach = BUTTON_SIZE / 2 - 4;
  const points = [
    [centerX, centerY],
    [centerX - reach, centerY],
    [centerX + reach, centerY],
    [centerX, centerY - reach],
    [centerX, centerY + reach],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x!, y!).some((el) => !el.closest(".scroll-top") && el.closest("form") !== null),
  );
}

export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Past the threshold, and standing aside while it would cover a form (on a phone, it covered the date field's
    // calendar button when the field reached the bottom of the screen).
    const update = () => setVisible(window.scrollY > SCROLL_BUTTON_THRESHOLD && !formUnderButton());
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: behavior() })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 14l6-6 6 6" />
      </svg>
    </button>
  );
}
