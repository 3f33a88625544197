import type { Booking, BookingStatus } from "../../../contracts/bookings/booking.ts";
import type { VisitStage } from "../../../contracts/visit/visit.ts";
import { type BoardTechnician, technicianHoursOf, type TechnicianHours } from "../../../contracts/schedule/board.ts";
import type { StaffRole, StaffStatus } from "../../../contracts/staff/staff.ts";
import type { Sql, Tx } from "../../../db/client.ts";
import { isUuid } from "../../../db/ids.ts";
import { type BookingRow, SLOT_LOCK_NAMESPACE, toBooking } from "../repo.ts";

/** A technician as a move reads them, under a lock of their row. */
export interface DispatchTechnician {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  hours: TechnicianHours;
}

/** A job of a technician's day as the rules read it. */
export interface DayRow {
  _id: string;
  firstName: string;
  lastName: string;
  serviceType: string;
  unitCount: number;
  cleaningDate: string;
  cleaningTime: string;
  zip: string;
  addressKey: string;
  durationOverrideMinutes: number | null;
  technicianId: string | null;
  status: BookingStatus;
  visitStage: VisitStage;
  version: number;
}

/** A booking of the board, with its property's address key. */
/** A board's booking: its address key (its place) and the plan it was made for, if any (the card's label). */
export type BoardRow = Booking & { addressKey: string; planName: string | null };

export interface DispatchRepo {
  /** The pool, for the reads made outside a transaction. */
  sql: Sql;
  /**
   * Locks the staff member's row until the transaction ends (every move to or within their day queues behind it,
   * so two moves cannot both take the same gap) and answers them with their hours; null for no such person.
   */
  lockTechnician(tx: Tx, id: string): Promise<DispatchTechnician | null>;
  /** The technician's jobs on a date that hold their time (not cancelled). */
  dayJobs(q: Sql | Tx, technicianId: string, date: string): Promise<DayRow[]>;
  /** Locks the slot as booking creation does and counts its bookings, leaving out `excludeIds`. */
  lockSlotAndCount(tx: Tx, date: string, time: string, excludeIds: string[]): Promise<number>;
  /** The bookings of the dates from..to (both included), not cancelled: one bounded read on the date index. */
  range(from: string, to: string): Promise<BoardRow[]>;
  /** The active technicians with their hours, by name. */
  technicians(): Promise<BoardTechnician[]>;
  /** The bookings of each slot of a date (not cancelled) other than the technician's own, by slot label. */
  slotCountsWithout(date: string, technicianId: string): Promise<Map<string, number>>;
  /** One active technician with their hours; null for anyone else. */
  technician(id: string): Promise<DispatchTechnician | null>;
}

const DAY_COLUMNS = `
  id as "_id", first_name as "firstName", last_name as "lastName", service_type as "serviceType",
  unit_count as "unitCount", cleaning_date::text as "cleaningDate", cleaning_time as "cleaningTime", zip,
  address_key(home_address, zip) as "addressKey", duration_override_minutes as "durationOverrideMinutes",
  technician_id as "technicianId", status, visit_stage as "visitStage", version`;

interface TechnicianRow {
  _id: string;
  name: string;
  email: string;
  color: string;
  role: StaffRole;
  status: StaffStatus;
  work_week: TechnicianHours["week"] | null;
  days_off: string[];
}

const TECHNICIAN_COLUMNS = `id as "_id", name, email, color, role, status, work_week, days_off`;

const toTechnician = (r: TechnicianRow): DispatchTechnician => ({
  _id: r._id,
  name: r.name,
  email: r.email,
  role: r.role,
  status: r.status,
  hours: technicianHoursOf(r.work_week, r.days_off),
});

export function createDispatchRepo(sql: Sql): DispatchRepo {
  return {
    sql,
    async lockTechnician(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await tx<TechnicianRow[]>`
        select ${tx.unsafe(TECHNICIAN_COLUMNS)} from admin_users where id = ${id} for update`;
      return row ? toTechnician(row) : null;
    },
    async dayJobs(q, technicianId, date) {
      return await q<DayRow[]>`
        select ${q.unsafe(DAY_COLUMNS)} from bookings
        where technician_id = ${technicianId} and cleaning_date = ${date} and status <> 'cancelled'`;
    },
    async lockSlotAndCount(tx, date, time, excludeIds) {
      const [, [counted]] = await Promise.all([
        tx`select pg_advisory_xact_lock(${SLOT_LOCK_NAMESPACE}, hashtext(${date + " " + time}))`,
        tx<{ count: number }[]>`
          select count(*)::int as count from bookings
          where cleaning_date = ${date} and cleaning_time = ${time} and status <> 'cancelled'
            and not (id = any(${excludeIds}::uuid[]))`,
      ]);
      return counted!.count;
    },
    async range(from, to) {
      const rows = await sql<(BookingRow & { address_key: string; plan_name: string | null })[]>`
        select b.*, (select s.name from admin_users s where s.id = b.technician_id) as technician_name,
               address_key(b.home_address, b.zip) as address_key
        from bookings b
        where b.cleaning_date between ${from} and ${to} and b.status <> 'cancelled'
        order by b.cleaning_date, b.created_at, b.id`;
      return rows.map((r) => ({ ...toBooking(r), addressKey: r.address_key, planName: r.plan_name }));
    },
    async technicians() {
      const rows = await sql<TechnicianRow[]>`
        select ${sql.unsafe(TECHNICIAN_COLUMNS)} from admin_users
        where role = 'technician' and status = 'active' order by name, id`;
      return rows.map((r) => ({ _id: r._id, name: r.name, color: r.color, hours: toTechnician(r).hours }));
    },
    async slotCountsWithout(date, technicianId) {
      const rows = await sql<{ time: string; count: number }[]>`
        select cleaning_time as time, count(*)::int as count from bookings
        where cleaning_date = ${date} and status <> 'cancelled' and technician_id is distinct from ${technicianId}
        group by cleaning_time`;
      return new Map(rows.map((r) => [r.time, r.count]));
    },
    async technician(id) {
      if (!isUuid(id)) return null;
      const [row] = await sql<TechnicianRow[]>`
        select ${sql.unsafe(TECHNICIAN_COLUMNS)} from admin_users
        where id = ${id} and role = 'technician' and status = 'active'`;
      return row ? toTechnician(row) : null;
    },
  };
}
