import type { StaffMember } from "@contracts/staff/staff.ts";
import { request } from "./http.ts";

/**
 * Everyone on the staff (GET /api/staff, admins only): the Staff panel lists them, the bookings' assign control
 * picks its technicians from them. A technician's screen never asks.
 */
export function fetchStaff(): Promise<StaffMember[]> {
  return request<StaffMember[]>("/api/staff", { auth: true });
}
