import { percentOfCents } from "../money/amounts.ts";

/** A visit a plan includes: a service, its units, every so many months from the membership's start. */
export interface PlanVisit {
  serviceType: string;
  units: number;
  everyMonths: number;
}

export type PlanPeriod = "month" | "year";

/** A service plan the owner sells ("Clean Air Club"): its visits, its price per period, its member discount. */
export interface Plan {
  _id: string;
  name: string;
  description: string;
  visits: PlanVisit[];
  priceCents: number;
  period: PlanPeriod;
  memberDiscountPercent: number;
  /** An archived plan is sold no more; its members keep it until they end. */
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export const MEMBERSHIP_PAYMENTS = ["card-link", "invoice"] as const;
export type MembershipPayment = (typeof MEMBERSHIP_PAYMENTS)[number];

/**
 * `pending`: a card link sent, not paid yet; `active`; `past_due`: a renewal failed; `cancelling`: ends at the end of
 * the period; `ended`.
 */
export type MembershipStatus = "pending" | "active" | "past_due" | "cancelling" | "ended";

/** The states in which a membership counts: its visits are planned and its discount applies. */
export const MEMBER_STATUSES: readonly MembershipStatus[] = ["active", "past_due", "cancelling"];

export interface MembershipEvent {
  at: string;
  status: MembershipStatus;
  note: string;
}

/** A period's bill of a plan, numbered in the invoices' own gapless sequence. */
export interface PlanInvoice {
  _id: string;
  number: string;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
  paidCents: number;
  /** Given back when the membership was cancelled at once (the unused part of the period). */
  refundedCents: number;
  issuedAt: string;
  paidAt: string | null;
}

export interface Membership {
  _id: string;
  customerId: string;
  propertyId: string;
  /** "12 Oak St, Charlotte, NC 28203". */
  address: string;
  plan: Pick<Plan, "_id" | "name" | "priceCents" | "period" | "memberDiscountPercent" | "visits">;
  start: string;
  payment: MembershipPayment;
  status: MembershipStatus;
  /** The Checkout link while the membership waits for its first payment by card. */
  checkoutUrl: string | null;
  /** The card on file as the provider tells it. */
  card: { brand: string; last4: string } | null;
  currentPeriodEnd: string | null;
  /** The visits planned so far: each service's due date and the booking made for it. */
  visits: { serviceType: string; dueDate: string; bookingId: string | null }[];
  /** Due dates to come, within a year. */
  nextVisits: { serviceType: string; dueDate: string }[];
  invoices: PlanInvoice[];
  history: MembershipEvent[];
  createdAt: string;
  /** On the customer's own page: its open plan invoices can be paid there by card (billed by invoice, Stripe set up). */
  payOnline?: boolean;
}

/** How far ahead of its due date a plan's visit becomes a booking to schedule, unless configured otherwise. */
export const DEFAULT_VISIT_LEAD_DAYS = 21;

/** The ISO day `months` calendar months after `day`, on the last day of the month when the day is past it. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The due dates of one included visit from `start` (its first at the start) up to and including `until`. */
export function dueDates(start: string, everyMonths: number, until: string): string[] {
  const dates: string[] = [];
  for (let k = 0; k < 600; k++) {
    const due = addMonths(start, k * everyMonths);
    if (due > until) break;
    dates.push(due);
  }
  return dates;
}

/** "Clean Air Club member −15 %": the discount's own line on invoices and estimates. */
export const memberDiscountLabel = (planName: string, percent: number) => `${planName} member −${percent} %`;

/** The member discount in cents on `baseCents` of service and price-book work (as tax is: exact, half a cent up). */
export const memberDiscountCents = (baseCents: number, percent: number) =>
  baseCents <= 0 ? 0 : percentOfCents(baseCents, percent);

/**
 * The member discount's own line over `lines` (service and price-book work as priced), taxable when any of them is;
 * null when it comes to nothing. Invoices and estimates add it the same way.
 */
export function memberDiscountLine(
  lines: readonly { amountCents: number; taxable: boolean }[],
  member: { planName: string; percent: number } | null,
): { description: string; quantity: number; unitPriceCents: number; amountCents: number; taxable: boolean } | null {
  if (!member) return null;
  const cents = memberDiscountCents(
    lines.reduce((sum, l) => sum + l.amountCents, 0),
    member.percent,
  );
  if (cents <= 0) return null;
  return {
    description: memberDiscountLabel(member.planName, member.percent),
    quantity: 1,
    unitPriceCents: -cents,
    amountCents: -cents,
    taxable: lines.some((l) => l.taxable),
  };
}

/**
 * GET /api/portal/memberships/offer: what the signed-in customer may join, the plans on sale and their properties
 * without a membership, and whether paying by card is set up (without it the page offers nothing).
 */
export interface JoinOffer {
  plans: Pick<Plan, "_id" | "name" | "description" | "priceCents" | "period" | "memberDiscountPercent" | "visits">[];
  properties: { _id: string; address: string }[];
  online: boolean;
}

/** Whole days from one ISO day to another. */
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The unused part of a paid period when a membership is cancelled at once on `today` (the business's date): today
 * counts as used, the days after it to the period's end do not. The refund is `paidCents` × unused ÷ days, rounded
 * down to the cent, so that it never gives back more than the unused share; nothing before the period or after it.
 */
export function proratedRefund(
  paidCents: number,
  period: { start: string; end: string },
  today: string,
): { cents: number; unusedDays: number; days: number } {
  const days = Math.max(0, daysFrom(period.start, period.end));
  const used = Math.min(days, Math.max(0, daysFrom(period.start, today) + 1));
  const unusedDays = days - used;
  const cents = days === 0 || paidCents <= 0 ? 0 : Math.floor((paidCents * unusedDays) / days);
  return { cents, unusedDays, days };
}
