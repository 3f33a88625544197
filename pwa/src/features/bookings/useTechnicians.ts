import type { StaffMember } from "@contracts/staff/staff.ts";
import { useEffect, useState } from "react";
import { fetchStaff } from "../../lib/staff.ts";

/** The active technicians, for assigning jobs; empty until loaded (or when the list cannot be read). */
export function useTechnicians(): Pick<StaffMember, "_id" | "name">[] {
  const [technicians, setTechnicians] = useState<Pick<StaffMember, "_id" | "name">[]>([]);
  useEffect(() => {
    let live = true;
    // The staff list is the office's (admins only): a technician's screen never asks for it.
    fetchStaff().then(
      (staff) =>
        live &&
        setTechnicians(
          staff.filter((m) => m.role === "technician" && m.status === "active").map(({ _id, name }) => ({ _id, name })),
        ),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return technicians;
}
