import type { Booking } from "./booking.ts";
import type { StaffMember } from "../staff/staff.ts";

/** GET /api/schedule?date=: the day's jobs, one column per active technician plus the unassigned ones. */
export interface DaySchedule {
  date: string;
  technicians: { technician: Pick<StaffMember, "_id" | "name" | "color">; jobs: Booking[] }[];
  unassigned: Booking[];
}
