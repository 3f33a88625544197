import { LineIcon } from "../../components/Icon.tsx";
import type { SectionIcon } from "./sections.ts";

/** The shell's own line icons: their paths stay out of components/Icon, which the public pages load. */
const PATHS: Record<SectionIcon | "sent" | "waiting" | "refused", string> = {
  dashboard: "M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z",
  settings: "M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4",
  reports: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  jobs: "M9 5h11M9 12h11M9 19h11M4 5h.01M4 12h.01M4 19h.01",
  priceBook: "M3 12.5V4h8.5l9 9-8.5 8.5zM7.5 8h.01",
  sent: "M5 12.5l4.5 4.5L19 7.5",
  waiting: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2",
  refused: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v5M12 16.5h.01",
};

export function ShellIcon({ name, size = 22 }: { name: keyof typeof PATHS; size?: number }) {
  return <LineIcon d={PATHS[name]} size={size} />;
}
