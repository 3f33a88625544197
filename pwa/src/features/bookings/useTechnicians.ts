import type { StaffMember } from "@contracts/staff/staff.ts";
import { fetchStaff } from "../../lib/staff.ts";
import { useLoad } from "../../lib/useLoad.ts";

type Technician = Pick<StaffMember, "_id" | "name">;

const NONE: Technician[] = [];

// The staff list is the office's (admins only): a technician's screen never asks for it.
const readTechnicians = async (): Promise<Technician[]> =>
  (await fetchStaff())
    .filter((m) => m.role === "technician" && m.status === "active")
    .map(({ _id, name }) => ({ _id, name }));

/** The active technicians, for assigning jobs; empty until loaded (or when the list cannot be read). */
export function useTechnicians(): Technician[] {
  const technicians = useLoad(readTechnicians);
  return technicians.state === "ready" ? technicians.data : NONE;
}
