/** The dashboard's tabs, in order; the chosen one is in the URL (?tab=), Overview when absent. */
export const TABS = [
  { key: "overview", label: "Overview" },
  { key: "bookings", label: "Bookings" },
  { key: "schedule", label: "Schedule" },
  { key: "services", label: "Services" },
  { key: "customers", label: "Customers" },
  { key: "messages", label: "Messages" },
  { key: "staff", label: "Staff" },
] as const;

export type TabKey = (typeof TABS)[number]["key"];

export function toTab(value: string | null): TabKey {
  return TABS.find((t) => t.key === value)?.key ?? "overview";
}
