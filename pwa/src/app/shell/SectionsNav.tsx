import { type ReactNode, useCallback, useRef } from "react";
import { Link } from "../../components/Link.tsx";
import { useDisclosure } from "../../lib/useDisclosure.ts";
import { usePressOutside } from "../../lib/usePressOutside.ts";
import type { Section } from "./sections.ts";
import { ShellIcon } from "./ShellIcon.tsx";

/**
 * The one navigation of the staff app: every section the role may open. From 768 px they stand in the bar; on a
 * phone the office's day-to-day areas are a tab bar at the bottom and the others sit behind More.
 */
export function SectionsNav({
  sections,
  here,
  unread,
}: {
  sections: readonly Section[];
  here: string;
  /** The unread count beside Messages (UnreadCount, which the shell loads lazily). */
  unread?: ReactNode;
}) {
  const bottom = sections.length > 1;
  const secondary = sections.filter((s) => !s.primary);
  const { open, setOpen, toggleRef } = useDisclosure();
  const root = useRef<HTMLElement>(null);
  usePressOutside(
    open,
    root,
    useCallback(() => setOpen(false), [setOpen]),
  );
  const moreCurrent = secondary.some((s) => s.holds(here));
  const classes = ["shell-nav", bottom && "shell-nav--bottom", open && "shell-nav--more-open"].filter(Boolean);

  return (
    <nav ref={root} className={classes.join(" ")} aria-label="Sections">
      <ul className="shell-nav__list">
        {sections.map((section) => (
          <SectionLink key={section.to} section={section} current={section.holds(here)} unread={unread} />
        ))}
      </ul>
      {bottom && secondary.length > 0 && (
        <button
          ref={toggleRef}
          type="button"
          className={moreCurrent ? "shell-nav__more shell-nav__link--current" : "shell-nav__more"}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <ShellIcon name="more" />
          <span>More</span>
        </button>
      )}
    </nav>
  );
}

function SectionLink({ section, current, unread }: { section: Section; current: boolean; unread?: ReactNode }) {
  const classes = ["shell-nav__link", current && "shell-nav__link--current"].filter(Boolean).join(" ");
  return (
    <li className={section.primary ? "shell-nav__item" : "shell-nav__item shell-nav__item--secondary"}>
      <Link to={section.to} className={classes} aria-current={current ? "page" : undefined}>
        <ShellIcon name={section.icon} />
        <span className="shell-nav__label">{section.label}</span>
        {section.count === "unreadMessages" && unread}
      </Link>
    </li>
  );
}
