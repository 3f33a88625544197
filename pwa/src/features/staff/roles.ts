import type { StaffRole } from "@contracts/staff/staff.ts";

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", admin: "Admin", technician: "Technician" };

/** The roles the office gives; only an owner makes another owner. */
export const ROLE_OPTIONS = [
  { value: "technician", label: "Technician" },
  { value: "admin", label: "Admin" },
];
