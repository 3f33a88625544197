import type { ReactNode } from "react";
import { ADMIN_SECTIONS } from "./sections.ts";
import { SectionsNav } from "./SectionsNav.tsx";

/**
 * The office's navigation: every area, More on a phone and the unread messages. A chunk of its own that the shell
 * loads for the office only, so that a technician's tablet does not load it with My Jobs (decision 0063). The unread
 * count comes from the shell, whose chunk imports it lazily: a lazy import inside this lazy chunk moved the bundler's
 * preload helper out of the entry into a chunk of its own that every public page paid for.
 */
export default function OfficeNav({ here, unread }: { here: string; unread: ReactNode }) {
  return <SectionsNav sections={ADMIN_SECTIONS} here={here} unread={unread} />;
}
