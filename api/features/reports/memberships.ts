import { presetPeriod } from "../../contracts/reports/reports.ts";
import {
  type MembershipDue,
  type MembershipFigures,
  MEMBERSHIPS_LISTED,
  monthlyValueCents,
} from "../../contracts/reports/reports.ts";
import type { Sql } from "../../db/client.ts";

/** Days ahead that a renewal counts as due. */
export const RENEWALS_WITHIN_DAYS = 30;

interface DueRow {
  _id: string;
  customerId: string;
  customer: string;
  plan: string;
  date: string;
  amount: string;
}

/**
 * The memberships' figures as of `today` (the business's date). Each query reads the memberships that count now
 * through a partial index (migration 033) or the plan invoices of one month through their paid_at and refunded_at
 * indexes (migrations 033, 036): none reads ended memberships or the bookings, so none grows with the history.
 */
export function createMembershipReports(sql: Sql, timeZone: string) {
  const zone = timeZone.replace(/'/g, "");
  /** The instant a business day starts, written so that an index on the compared column serves it. */
  const dayStart = (day: string, plusDays = 0) =>
    sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${zone})`;
  const dueColumns = sql`m.id as "_id", m.customer_id as "customerId", c.name as customer, p.name as plan,
    to_char(m.current_period_end at time zone ${zone}, 'YYYY-MM-DD') as date, p.price_cents::text as amount`;
  const toDue = ({ amount, ...rest }: DueRow): MembershipDue => ({ ...rest, amountCents: Number(amount) });

  return async function figures(today: string): Promise<MembershipFigures> {
    const month = presetPeriod("this-month", today);
    const [byPlan, [collected], [refunded], renewals, [renewalTotals], pastDue, [pastDueTotals]] = await Promise.all([
      sql<{ plan_id: string; name: string; price: string; period: "month" | "year"; members: number }[]>`
        select p.id as plan_id, p.name, p.price_cents::text as price, p.period, count(*)::int as members
        from memberships m join plans p on p.id = m.plan_id
        where m.status in ('active', 'past_due', 'cancelling')
        group by p.id order by count(*) desc, p.name`,
      sql<{ cents: string }[]>`
        select coalesce(sum(paid_cents), 0)::text as cents from plan_invoices
        where paid_at >= ${dayStart(month.from)} and paid_at < ${dayStart(month.to, 1)}`,
      sql<{ cents: string }[]>`
        select coalesce(sum(refunded_cents), 0)::text as cents from plan_invoices
        where refunded_at >= ${dayStart(month.from)} and refunded_at < ${dayStart(month.to, 1)}`,
      sql<DueRow[]>`
        select ${dueColumns}
        from memberships m join plans p on p.id = m.plan_id join customers c on c.id = m.customer_id
        where m.status = 'active'
          and m.current_period_end >= ${dayStart(today)} and m.current_period_end < ${dayStart(today, RENEWALS_WITHIN_DAYS + 1)}
        order by m.current_period_end, m.id limit ${MEMBERSHIPS_LISTED}`,
      sql<{ count: number; cents: string }[]>`
        select count(*)::int as count, coalesce(sum(p.price_cents), 0)::text as cents
        from memberships m join plans p on p.id = m.plan_id
        where m.status = 'active'
          and m.current_period_end >= ${dayStart(today)} and m.current_period_end < ${dayStart(today, RENEWALS_WITHIN_DAYS + 1)}`,
      sql<DueRow[]>`
        select ${dueColumns}
        from memberships m join plans p on p.id = m.plan_id join customers c on c.id = m.customer_id
        where m.status = 'past_due'
        order by m.current_period_end nulls last, m.id limit ${MEMBERSHIPS_LISTED}`,
      sql<{ count: number; cents: string }[]>`
        select count(*)::int as count, coalesce(sum(p.price_cents), 0)::text as cents
        from memberships m join plans p on p.id = m.plan_id
        where m.status = 'past_due'`,
    ]);
    const plans = byPlan.map((r) => ({
      planId: r.plan_id,
      name: r.name,
      members: r.members,
      monthlyCents: monthlyValueCents(Number(r.price), r.period, r.members),
    }));
    return {
      activeMembers: plans.reduce((sum, p) => sum + p.members, 0),
      byPlan: plans,
      month,
      recurringCollectedCents: Number(collected!.cents),
      recurringRefundedCents: Number(refunded!.cents),
      monthlyRecurringCents: plans.reduce((sum, p) => sum + p.monthlyCents, 0),
      renewalsDue: {
        count: renewalTotals!.count,
        amountCents: Number(renewalTotals!.cents),
        memberships: renewals.map(toDue),
      },
      pastDue: {
        count: pastDueTotals!.count,
        amountCents: Number(pastDueTotals!.cents),
        memberships: pastDue.map(toDue),
      },
    };
  };
}

export type MembershipReports = ReturnType<typeof createMembershipReports>;
