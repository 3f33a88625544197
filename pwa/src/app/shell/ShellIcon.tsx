import { LineIcon } from "../../components/Icon.tsx";
import type { SectionIcon } from "./sections.ts";

/** The shell's own line icons: their paths stay out of components/Icon, which the public pages load. */
const PATHS: Record<SectionIcon | "more" | "sent" | "waiting" | "refused", string> = {
  dashboard: "M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z",
  bookings: "M8 3v3M16 3v3M4 8h16M5 5h14v15H5zM8 12h3M8 16h6",
  schedule: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5h4",
  customers:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5c1.8.9 3 2.8 3 5",
  messages: "M4 5h16v11H8l-4 4zM8 9.5h8M8 12.5h5",
  services: "M14.5 4.5l5 5-9 9H5.5v-5zM12 7l5 5",
  staff: "M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7",
  more: "M5 12h.01M12 12h.01M19 12h.01",
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
