// The day as the seed decides it, before anything runs: who does what at which simulated minute, and when the
// faults come. Pure, so the same seed gives the same day and a test can say so.
import { RECORDED_METHODS, type RecordedMethod } from "../../api/contracts/invoices/invoice.ts";
import { Random } from "./random.ts";

export interface DayOptions {
  seed: number;
  /** Simulated seconds per wall-clock second. */
  speed: number;
  /** Length of the working day, in simulated hours. */
  hours: number;
  technicians: number;
  /** Customers booking during the day (150 over a 10-hour day). */
  customers: number;
  admins: number;
}

export const FULL_DAY: DayOptions = { seed: 1, speed: 100, hours: 10, technicians: 15, customers: 150, admins: 2 };

/** A stretch of simulated minutes. */
export interface Span {
  from: number;
  to: number;
}

export interface JobPlan {
  /** When the technician sets off (simulated minutes since the day began); the visit fills `length` after it. */
  start: number;
  length: number;
  before: number;
  after: number;
  notes: number;
  /** Taken on site once the job is done (on the invoice the device makes), or nothing: the office bills it later. */
  payment: { method: RecordedMethod; amountCents: number } | null;
}

export interface TechnicianPlan {
  index: number;
  jobs: JobPlan[];
  /** Out of signal: writes wait in the device's queue and are replayed on return. */
  offline: Span[];
}

export interface CustomerPlan {
  index: number;
  /** When they book. */
  at: number;
  /** Days from today of the visit they pick, and which of that day's slots. */
  dayOffset: number;
  slot: number;
  units: number;
  /** Through the link of their confirmation e-mail, later that day. */
  change: { at: number; kind: "move" | "cancel"; dayOffset: number; slot: number } | null;
}

export interface FaultPlan {
  rollingRestart: number;
  kill: number;
  /** Redis stopped for 20 simulated minutes. */
  redis: Span;
  postgresRestart: number;
}

export interface DayPlan {
  options: DayOptions;
  minutes: number;
  technicians: TechnicianPlan[];
  customers: CustomerPlan[];
  faults: FaultPlan;
}

/** Jobs begin after the office has handed them out (the first half hour). */
const FIRST_JOB_AT = 30;

export function planDay(options: DayOptions): DayPlan {
  const random = new Random(options.seed);
  const minutes = options.hours * 60;
  const scale = options.hours / 10;

  const technicians = Array.from({ length: options.technicians }, (_, index): TechnicianPlan => {
    const r = random.fork(`technician ${index}`);
    const count = Math.max(1, Math.round(r.int(5, 8) * scale));
    const slot = (minutes - FIRST_JOB_AT) / count;
    // A fork of its own, so the rest of the technician's day is the same with or without payments.
    const pay = random.fork(`payments ${index}`);
    const jobs = Array.from({ length: count }, (_, k): JobPlan => {
      const photos = r.int(2, 4);
      const before = r.int(1, photos - 1);
      return {
        start: FIRST_JOB_AT + k * slot + r.between(0, slot * 0.1),
        length: slot * r.between(0.6, 0.85),
        before,
        after: photos - before,
        notes: r.int(1, 2),
        // Seven jobs in ten paid on the spot, part of the bill (the cheapest visit is $199).
        payment: pay.chance(0.7) ? { method: pay.pick(RECORDED_METHODS), amountCents: pay.int(20, 150) * 100 } : null,
      };
    });
    // Twice a day, 10 to 60 minutes each, apart: the first in the first half of the day, the second in the other.
    const offline = [0, 1].map((half) => {
      const length = Math.min(r.between(10, 60), minutes / 6);
      const from = FIRST_JOB_AT + half * (minutes / 2) + r.between(0, minutes / 2 - FIRST_JOB_AT - length);
      return { from, to: from + length };
    });
    return { index, jobs, offline };
  });

  const customers = Array.from({ length: options.customers }, (_, index): CustomerPlan => {
    const r = random.fork(`customer ${index}`);
    const at = r.between(0, minutes * 0.85);
    const changes = r.chance(0.1);
    return {
      index,
      at,
      dayOffset: r.int(3, 30),
      slot: r.int(0, 100),
      units: r.int(1, 3),
      change: changes
        ? {
            at: at + r.between(5, Math.max(6, minutes * 0.1)),
            kind: r.chance(0.5) ? "move" : "cancel",
            dayOffset: r.int(31, 45),
            slot: r.int(0, 100),
          }
        : null,
    };
  });

  const f = random.fork("faults");
  const faults: FaultPlan = {
    rollingRestart: minutes * f.between(0.15, 0.2),
    kill: minutes * f.between(0.35, 0.4),
    redis: { from: minutes * 0.55, to: minutes * 0.55 + 20 },
    postgresRestart: minutes * f.between(0.75, 0.8),
  };
  return { options, minutes, technicians, customers, faults };
}
