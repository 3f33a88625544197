import type { PaymentMethod, Receivables } from "../invoices/invoice.ts";
import { addDays } from "../schedule/dates.ts";

/** A report's period: visit dates from `from` to `to`, both included, in the business's time zone. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/**
 * What a period brought. A booking counts in the period of its visit date; deleted bookings count
 * nowhere. `bookings` counts cancelled ones too; revenue is the stored estimatedPrice of bookings not cancelled
 * (booked) or completed (completed); `averageJob` is booked revenue over bookings not cancelled. A customer (by
 * e-mail, case aside) is new when their first booking ever falls in the period, returning when it came before.
 */
export interface ReportTotals {
  bookings: number;
  completed: number;
  cancelled: number;
  /** cancelled / bookings, 0..1 (0 without bookings). */
  cancellationRate: number;
  bookedRevenue: number;
  completedRevenue: number;
  averageJob: number;
  newCustomers: number;
  returningCustomers: number;
}

export type Bucket = "day" | "week" | "month";

export interface SeriesPoint {
  /** The first date of the bucket (a Monday for weeks, the 1st for months). */
  bucket: string;
  bookings: number;
  completed: number;
  revenue: number;
}

/** An invoice still owed, for the receivables table. */
export interface OpenInvoice {
  _id: string;
  number: string;
  bookingId: string;
  customer: string;
  dueAt: string;
  balanceCents: number;
  /** Days past the due date in the business's time zone; 0 or less: not yet due. */
  daysLate: number;
}

/**
 * The money of the period (payments and refunds by the date they were made, in the business's time zone, in cents)
 * and what is owed now. `collectedCents` is every payment received in the period; `refundedCents` every refund made
 * in it (collected less refunded is the net). `outstandingCents` and `receivables` are balances as of today, aged by
 * days past the due date; `openInvoices` lists them, the latest due first.
 */
export interface ReportMoney {
  collectedCents: number;
  refundedCents: number;
  outstandingCents: number;
  paymentsByMethod: Record<PaymentMethod, number>;
  receivables: Receivables;
  openInvoices: OpenInvoice[];
  /** The period's tips (apart from what was collected on invoices), and by the technician of each job. */
  tipsCents: number;
  tipsByTechnician: TechnicianTips[];
  /** Deposits taken on approval whose job is not invoiced yet, less their refunds, as of today. */
  depositsHeldCents: number;
}

/** A technician's tips in the period: `technicianId` null for jobs no technician was given. */
export interface TechnicianTips {
  technicianId: string | null;
  name: string;
  tipsCents: number;
  payments: number;
}

/** A plan and the memberships that count on it today (active, past due, cancelling), with their monthly value. */
export interface PlanMembers {
  planId: string;
  name: string;
  members: number;
  /** What these members bring a month: a yearly plan's price counts a twelfth (see `monthlyValueCents`). */
  monthlyCents: number;
}

/** A membership in a list of the report: whose, which plan, the day that matters, what it costs. */
export interface MembershipDue {
  _id: string;
  customerId: string;
  customer: string;
  plan: string;
  /** The renewal's day (the end of the current period) in the business's time zone; null when none is known. */
  date: string | null;
  amountCents: number;
}

/**
 * The memberships as of today: who is a member of which plan, what plan invoices collected and gave back this
 * calendar month (the business's), the renewals of the next 30 days (active memberships, not those ending with their period) and
 * the past-due ones. The lists show at most `MEMBERSHIPS_LISTED`, the soonest first; the counts and sums count all.
 */
export interface MembershipFigures {
  activeMembers: number;
  byPlan: PlanMembers[];
  /** The first and last day of the month of today. */
  month: ReportPeriod;
  recurringCollectedCents: number;
  /** What cancellations at once gave back of plan invoices this month (counted apart from the jobs' refunds). */
  recurringRefundedCents: number;
  monthlyRecurringCents: number;
  renewalsDue: { count: number; amountCents: number; memberships: MembershipDue[] };
  pastDue: { count: number; amountCents: number; memberships: MembershipDue[] };
}

/** How many memberships the renewals and past-due lists show. */
export const MEMBERSHIPS_LISTED = 50;

/**
 * The monthly value of `members` memberships of a plan: a monthly plan's price each, a yearly plan's price over 12,
 * rounded half-up once for the plan (not per member, so that twelve members of a $100 yearly plan are $100).
 */
export const monthlyValueCents = (priceCents: number, period: "month" | "year", members: number) =>
  period === "month" ? priceCents * members : Math.round((priceCents * members) / 12);

export interface ReportSummary extends ReportMoney {
  memberships: MembershipFigures;
  period: ReportPeriod & { bucket: Bucket };
  previous: ReportPeriod & { totals: ReportTotals };
  totals: ReportTotals;
  series: SeriesPoint[];
  byService: { serviceType: string; title: string; bookings: number; revenue: number }[];
  /** `averageRating`: the customers' stars (1–5) over their `ratings` of the period's visits; null for none. */
  byTechnician: TechnicianFigures[];
  /** The ten ZIP codes with the most bookings. */
  byZip: { zip: string; bookings: number }[];
}

export interface TechnicianFigures {
  technicianId: string;
  name: string;
  visits: number;
  revenue: number;
  averageRating: number | null;
  ratings: number;
}

/** The longest period a report covers: three years of daily data is still quick; more is a mistake. */
export const MAX_REPORT_DAYS = 3 * 366;

/** Days from `from` to `to`, both included. */
export function periodDays({ from, to }: ReportPeriod): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The chart's step follows the period: days up to a month, weeks up to half a year, months beyond. */
export function bucketFor(period: ReportPeriod): Bucket {
  const days = periodDays(period);
  if (days <= 31) return "day";
  return days <= 26 * 7 ? "week" : "month";
}

/** The period of the same length just before. */
export function previousPeriod(period: ReportPeriod): ReportPeriod {
  const days = periodDays(period);
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

export type PeriodPreset = "this-week" | "this-month" | "last-month" | "this-year";

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  "this-week": "This week",
  "this-month": "This month",
  "last-month": "Last month",
  "this-year": "This year",
};

/** A preset's dates around `today` (the business's date): weeks start on Monday. */
export function presetPeriod(preset: PeriodPreset, today: string): ReportPeriod {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const iso = (year: number, month: number, day: number) =>
    new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
  switch (preset) {
    case "this-week": {
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case "this-month":
      return { from: iso(y, m, 1), to: iso(y, m + 1, 0) };
    case "last-month":
      return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
    case "this-year":
      return { from: iso(y, 1, 1), to: iso(y, 12, 31) };
  }
}

/** The CSV downloads, by name. */
export const REPORT_EXPORTS = ["bookings", "customers", "invoices", "payments"] as const;
export type ReportExport = (typeof REPORT_EXPORTS)[number];

export const exportFilename = (kind: ReportExport, { from, to }: ReportPeriod) => `${kind}-${from}-to-${to}.csv`;
