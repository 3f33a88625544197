import { isAdminRole, type StaffRole } from "@contracts/staff/staff.ts";

export type SectionIcon = "dashboard" | "settings" | "reports" | "jobs" | "priceBook";

/** A part of the staff app, in the shell's navigation. */
export interface Section {
  to: string;
  label: string;
  icon: SectionIcon;
  /** Whether `pathname` is in this section (the edit screen belongs to the dashboard it is opened from). */
  holds: (pathname: string) => boolean;
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

const ADMIN_SECTIONS: readonly Section[] = [
  {
    to: "/dashboard",
    label: "Dashboard",
    icon: "dashboard",
    holds: (pathname) => pathname === "/dashboard" || pathname.startsWith("/admin/"),
  },
  { to: "/dashboard/settings", label: "Settings", icon: "settings", holds: under("/dashboard/settings") },
  { to: "/dashboard/reports", label: "Reports", icon: "reports", holds: under("/dashboard/reports") },
  { to: "/dashboard/price-book", label: "Price Book", icon: "priceBook", holds: under("/dashboard/price-book") },
];

const TECHNICIAN_SECTIONS: readonly Section[] = [
  { to: "/jobs", label: "My Jobs", icon: "jobs", holds: under("/jobs") },
];

/** The sections a role may open: the office's four, or a technician's jobs. */
export function sectionsOf(role: StaffRole): readonly Section[] {
  return isAdminRole(role) ? ADMIN_SECTIONS : TECHNICIAN_SECTIONS;
}
