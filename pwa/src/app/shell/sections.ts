export type SectionIcon =
  | "dashboard"
  | "bookings"
  | "schedule"
  | "customers"
  | "messages"
  | "services"
  | "staff"
  | "settings"
  | "reports"
  | "jobs"
  | "priceBook";

/** A part of the staff app, in the shell's navigation. */
export interface Section {
  to: string;
  label: string;
  icon: SectionIcon;
  /** Whether `pathname` is in this section (the edit screen belongs to the bookings it is opened from). */
  holds: (pathname: string) => boolean;
  /** On a phone's tab bar: the day's areas stand in the bar, the rest behind More. */
  primary?: boolean;
  /** A count shown beside the label (the unread messages). */
  count?: "unreadMessages";
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Every office area, in the order of the navigation (OfficeNav). */
export const ADMIN_SECTIONS: readonly Section[] = [
  { to: "/dashboard", label: "Overview", icon: "dashboard", holds: (p) => p === "/dashboard", primary: true },
  {
    to: "/dashboard/bookings",
    label: "Bookings",
    icon: "bookings",
    holds: (p) => under("/dashboard/bookings")(p) || p.startsWith("/admin/bookings/"),
    primary: true,
  },
  {
    to: "/dashboard/schedule",
    label: "Schedule",
    icon: "schedule",
    holds: under("/dashboard/schedule"),
    primary: true,
  },
  {
    to: "/dashboard/customers",
    label: "Customers",
    icon: "customers",
    holds: under("/dashboard/customers"),
    primary: true,
  },
  {
    to: "/dashboard/messages",
    label: "Messages",
    icon: "messages",
    holds: under("/dashboard/messages"),
    primary: true,
    count: "unreadMessages",
  },
  { to: "/dashboard/services", label: "Services", icon: "services", holds: under("/dashboard/services") },
  { to: "/dashboard/staff", label: "Staff", icon: "staff", holds: under("/dashboard/staff") },
  { to: "/dashboard/settings", label: "Settings", icon: "settings", holds: under("/dashboard/settings") },
  { to: "/dashboard/reports", label: "Reports", icon: "reports", holds: under("/dashboard/reports") },
  { to: "/dashboard/price-book", label: "Price Book", icon: "priceBook", holds: under("/dashboard/price-book") },
];

// A technician's one section, My Jobs, is the shell's own link (StaffShell.tsx): this list is the office's chunk.
