import { createContext, useContext, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../lib/i18n/translator.ts";
import "./Modal.css";

// The public catalog's: the gallery's picture and the technician's dialogs (which read it too) share this frame.
const messages = defineMessages({ close: { id: "public.modal.close", defaultMessage: "Close dialog" } });

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider than the default: "wide" for forms and history tables, "large" for a picture. */
  size?: "wide" | "large";
  /** Classes of the backdrop, e.g. the scope class of the screen's own styles (the dialog is rendered in <body>). */
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dialogs open now and how deep each is in another (a builder opened from a booking's details): Escape closes
 * the deepest one only, the last opened among equals.
 */
const open: { id: symbol; depth: number }[] = [];
const Depth = createContext(0);

const onTop = () =>
  open.reduce<(typeof open)[number] | undefined>((top, d) => (!top || d.depth >= top.depth ? d : top), undefined);

/**
 * A modal dialog: labelled by its title; closes on its close button, a press outside or Escape; locks page scroll
 * while open; keeps Tab inside and gives focus back to whatever opened it. The body scrolls under a header that
 * stays, so the close button is always in reach.
 */
export function Modal({ title, onClose, children, size, className }: ModalProps) {
  const { t } = useTranslator();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const depth = useContext(Depth) + 1;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    closeRef.current?.focus();
    // On the document: a click on the dialog's text, or a control that was just disabled, leaves focus outside it.
    const me = { id: Symbol("dialog"), depth };
    open.push(me);
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape" && onTop() === me) onCloseRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      open.splice(open.indexOf(me), 1);
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
    // The depth of a dialog does not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const trapTab = (e: KeyboardEvent) => {
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={className ? `modal-overlay ${className}` : "modal-overlay"}
      data-testid="modal-overlay"
      onMouseDown={(e) => {
        // Only a press that starts on the backdrop itself closes: dragging a text selection out must not.
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        className={size ? `modal modal--${size}` : "modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="modal__close"
            aria-label={t(messages.close)}
            onClick={() => onCloseRef.current()}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="modal__body">
          <Depth value={depth}>{children}</Depth>
        </div>
      </div>
    </div>,
    document.body,
  );
}
