import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router-dom";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { NavLink } from "../components/Link.tsx";
import { useTranslator } from "../lib/i18n/translator.ts";
import { inLanguage, useServices } from "../lib/services.ts";

const messages = defineMessages({
  services: { id: "public.nav.services", defaultMessage: "Services" },
  all: { id: "public.nav.allServices", defaultMessage: "All Services" },
});

/**
 * The Services disclosure of the main navigation: All Services plus one link per service.
 * Arrow keys move between the links, Escape closes and returns to the button; leaving it or scrolling closes it.
 */
export function ServicesMenu({ onNavigate }: { onNavigate: () => void }) {
  const { services } = useServices();
  const { t, locale } = useTranslator();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const inServices = pathname === "/services" || pathname.startsWith("/services/");

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // SPEC: the navigation closes on scroll; a dropdown left open would hang over the content scrolling under it.
    const onScroll = () => setOpen(false);
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", onScroll);
    };
  }, [open]);

  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];

  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const last = event.key === "ArrowUp";
      // The list renders on this open; focus once it is in the DOM.
      requestAnimationFrame(() => focusLink(last ? -1 : 0));
    }
  };

  const onListKey = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusLink(moves[event.key]!);
    }
  };

  const close = () => {
    setOpen(false);
    onNavigate();
  };

  return (
    <li
      className="nav__item nav__item--menu"
      ref={wrapRef}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !wrapRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav__link nav__toggle${inServices ? " active" : ""}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {t(messages.services)}
        <svg className="nav__caret" viewBox="0 0 12 8" aria-hidden="true">
          <path d="M1.5 1.5l4.5 4.5 4.5-4.5" />
        </svg>
      </button>
      <ul id={menuId} ref={listRef} className="nav__submenu" hidden={!open} onKeyDown={onListKey}>
        <li>
          <NavLink to="/services" end className="nav__sublink nav__sublink--all" onClick={close}>
            {t(messages.all)}
          </NavLink>
        </li>
        {services.map((s) => (
          <li key={s._id}>
            <NavLink to={`/services/${s._id}`} className="nav__sublink" onClick={close}>
              {inLanguage(s, locale).title}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
