import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { TechnicianHours } from "@contracts/schedule/board.ts";
import type { StaffLocale } from "@contracts/staff/language.ts";
import type { StaffMember, StaffRole, StaffUpdateResponse } from "@contracts/staff/staff.ts";
import { request } from "../../lib/http.ts";

// Admin calls: each sends the Bearer token, and a 401 ends the session.

export interface NewStaff {
  name: string;
  email: string;
  phone?: string;
  role: Exclude<StaffRole, "owner">;
  color?: string;
  /** The language they will work in; their invitation is written in it. */
  locale?: StaffLocale;
}

export async function addStaff(input: NewStaff): Promise<StaffMember> {
  return (await request<DataEnvelope<StaffMember>>("/api/staff", { method: "POST", body: input, auth: true })).data;
}

export function updateStaff(
  id: string,
  change: Partial<Pick<StaffMember, "role" | "name" | "phone" | "color">> & { active?: boolean },
): Promise<StaffUpdateResponse> {
  return request<StaffUpdateResponse>(`/api/staff/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: change,
    auth: true,
  });
}

export async function resendInvitation(id: string): Promise<void> {
  await request<unknown>(`/api/staff/${encodeURIComponent(id)}/invitation`, { method: "POST", auth: true });
}

export function fetchHours(id: string): Promise<TechnicianHours> {
  return request<TechnicianHours>(`/api/staff/${encodeURIComponent(id)}/hours`, { auth: true });
}

export function saveHours(id: string, hours: TechnicianHours): Promise<TechnicianHours> {
  return request<TechnicianHours>(`/api/staff/${encodeURIComponent(id)}/hours`, {
    method: "PUT",
    body: hours,
    auth: true,
  });
}
