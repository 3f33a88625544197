import type { StaffRole } from "@contracts/staff/staff.ts";
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { useDisclosure } from "../../lib/useDisclosure.ts";

const AccountPanel = lazy(() => import("./AccountPanel.tsx"));

/** "Tia Tech" → "TT": the avatar of the account button. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** Who is signed in on this device, in which role, and Logout; a disclosure that closes on Escape or a click away. */
export function AccountMenu({ name, email, role }: { name: string; email: string; role: StaffRole }) {
  const { open, setOpen, toggleRef } = useDisclosure();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  /** Set by a press inside the menu, a dialog it opened included (React events cross portals, the DOM's do not). */
  const pressedInside = useRef(false);

  // A tap anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const inside = pressedInside.current || root.current?.contains(event.target as Node);
      pressedInside.current = false;
      if (!inside) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, setOpen]);

  return (
    <div className="shell-account" ref={root} onPointerDown={() => (pressedInside.current = true)}>
      <button
        ref={toggleRef}
        type="button"
        className="shell-account__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="shell-account__avatar" aria-hidden="true">
          {initials(name) || "?"}
        </span>
        <span className="shell-account__name">{name}</span>
        <span className="visually-hidden">, account</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountPanel id={panelId} name={name} email={email} role={role} />
        </Suspense>
      )}
    </div>
  );
}
