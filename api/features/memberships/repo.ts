import {
  type Membership,
  type MembershipEvent,
  type MembershipPayment,
  type MembershipStatus,
  type PlanInvoice,
  type PlanVisit,
} from "../../contracts/plans/plan.ts";
import type { Sql, Tx } from "../../db/client.ts";
import type { CustomerKey } from "../../db/customer-key.ts";
import { isUuid } from "../../db/ids.ts";
import { transaction } from "../../db/transaction.ts";

/** Whom a membership's e-mails go to: the customer's name and first e-mail address. */
export interface MemberContact {
  name: string;
  email: string | null;
  phone: string | null;
}

/** A membership as its changes read it, locked. */
export interface MembershipRow {
  id: string;
  customer_id: string;
  property_id: string;
  plan_id: string;
  plan_name: string;
  plan_price_cents: string;
  plan_period: "month" | "year";
  start_date: string;
  payment: MembershipPayment;
  status: MembershipStatus;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: Date | null;
  customer_name: string;
  customer_email: string | null;
  /** The customer's language, for their e-mails. */
  customer_locale: string;
}

interface ListRow extends MembershipRow {
  checkout_url: string | null;
  address: string;
  plan_visits: PlanVisit[];
  plan_discount: string;
  created_at: Date;
  visits: { serviceType: string; dueDate: string; bookingId: string | null }[] | null;
  invoices: PlanInvoice[] | null;
  history: MembershipEvent[] | null;
}

export interface NewMembership {
  id: string;
  customerId: string;
  propertyId: string;
  planId: string;
  start: string;
  payment: MembershipPayment;
  status: MembershipStatus;
  checkoutUrl: string | null;
  checkoutSessionId: string | null;
  currentPeriodEnd: Date | null;
  createdBy: string;
}

const MEMBERSHIP_COLUMNS = `m.id, m.customer_id, m.property_id, m.plan_id, p.name as plan_name,
  p.price_cents::text as plan_price_cents, p.period as plan_period, to_char(m.start_date, 'YYYY-MM-DD') as start_date,
  m.payment, m.status, m.stripe_customer_id, m.stripe_subscription_id, m.current_period_end,
  c.name as customer_name, c.locale as customer_locale,
  (select e.email from customer_emails e where e.customer_id = m.customer_id order by e.position limit 1)
    as customer_email`;

const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const INSTANT = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const LIST_COLUMNS = `${MEMBERSHIP_COLUMNS}, m.checkout_url, m.created_at, p.visits as plan_visits,
  p.member_discount_percent::text as plan_discount,
  pr.street || ', ' || pr.city || ', ' || pr.state || ' ' || pr.zip as address,
  (select json_agg(json_build_object('serviceType', v.service_type, 'dueDate', ${DAY("v.due_date")},
     'bookingId', v.booking_id) order by v.due_date, v.service_type)
   from membership_visits v where v.membership_id = m.id) as visits,
  (select json_agg(json_build_object('_id', i.id, 'number', i.number, 'periodStart', ${DAY("i.period_start")},
     'periodEnd', ${DAY("i.period_end")}, 'amountCents', i.amount_cents, 'paidCents', i.paid_cents,
     'refundedCents', i.refunded_cents,
     'issuedAt', ${INSTANT("i.issued_at")}, 'paidAt', ${INSTANT("i.paid_at")}) order by i.seq)
   from plan_invoices i where i.membership_id = m.id) as invoices,
  (select json_agg(json_build_object('at', ${INSTANT("h.at")}, 'status', h.status, 'note', h.note) order by h.id)
   from membership_history h where h.membership_id = m.id) as history`;

/** A membership as the office and the customer read it (the card and the visits to come are added by the caller). */
export const toMembership = (r: ListRow): Omit<Membership, "card" | "nextVisits"> => ({
  _id: r.id,
  customerId: r.customer_id,
  propertyId: r.property_id,
  address: r.address,
  plan: {
    _id: r.plan_id,
    name: r.plan_name,
    priceCents: Number(r.plan_price_cents),
    period: r.plan_period,
    memberDiscountPercent: Number(r.plan_discount),
    visits: r.plan_visits,
  },
  start: r.start_date,
  payment: r.payment,
  status: r.status,
  checkoutUrl: r.status === "pending" ? r.checkout_url : null,
  currentPeriodEnd: r.current_period_end?.toISOString() ?? null,
  visits: r.visits ?? [],
  invoices: (r.invoices ?? []).map((i) => ({
    ...i,
    amountCents: Number(i.amountCents),
    paidCents: Number(i.paidCents),
    refundedCents: Number(i.refundedCents),
  })),
  history: r.history ?? [],
  createdAt: r.created_at.toISOString(),
});

export type ListedMembership = ReturnType<typeof toMembership> & { subscriptionId: string | null };

export function createMembershipsRepo(sql: Sql) {
  const list = async (db: Sql | Tx, where: ReturnType<Sql>) => {
    const rows = await db<ListRow[]>`
      select ${db.unsafe(LIST_COLUMNS)}
      from memberships m join plans p on p.id = m.plan_id join customers c on c.id = m.customer_id
        join properties pr on pr.id = m.property_id
      where ${where} order by m.created_at desc, m.id`;
    return rows.map((r): ListedMembership => ({ ...toMembership(r), subscriptionId: r.stripe_subscription_id }));
  };
  const lockWhere = async (tx: Tx, where: ReturnType<Sql>) => {
    const [row] = await tx<MembershipRow[]>`
      select ${tx.unsafe(MEMBERSHIP_COLUMNS)}
      from memberships m join plans p on p.id = m.plan_id join customers c on c.id = m.customer_id
      where ${where} for update of m`;
    return row ?? null;
  };

  return {
    /** The customer's record (not a merged one) and whom to write to; null when there is none. */
    async contact(tx: Tx, customerId: string): Promise<MemberContact | null> {
      if (!isUuid(customerId)) return null;
      const [row] = await tx<MemberContact[]>`
        select c.name,
          (select e.email from customer_emails e where e.customer_id = c.id order by e.position limit 1) as email,
          (select ph.number from customer_phones ph where ph.customer_id = c.id order by ph.position limit 1) as phone
        from customers c where c.id = ${customerId} and c.merged_into is null`;
      return row ?? null;
    },
    /** True when the property is the customer's and in use. */
    async propertyOf(tx: Tx, customerId: string, propertyId: string): Promise<boolean> {
      const [row] = await tx`
        select 1 from properties where id = ${propertyId} and customer_id = ${customerId} and archived_at is null`;
      return !!row;
    },
    /** The customer's properties in use that have no membership counting or waiting: those they may enroll. */
    async joinable(customerId: string): Promise<{ _id: string; address: string }[]> {
      return await sql<{ _id: string; address: string }[]>`
        select pr.id as "_id", pr.street || ', ' || pr.city || ', ' || pr.state || ' ' || pr.zip as address
        from properties pr
        where pr.customer_id = ${customerId} and pr.archived_at is null
          and not exists (select 1 from memberships m where m.property_id = pr.id
            and m.status in ('pending', 'active', 'past_due', 'cancelling'))
        order by pr.created_at, pr.id`;
    },
    /** A membership that counts (or waits for its card) on the property: one at a time. */
    async current(tx: Tx, propertyId: string): Promise<boolean> {
      const [row] = await tx`
        select 1 from memberships where property_id = ${propertyId}
          and status in ('pending', 'active', 'past_due', 'cancelling') for update`;
      return !!row;
    },
    async insert(tx: Tx, m: NewMembership): Promise<void> {
      await tx`
        insert into memberships (id, customer_id, property_id, plan_id, start_date, payment, status, checkout_url,
          checkout_session_id, current_period_end, created_by)
        values (${m.id}, ${m.customerId}, ${m.propertyId}, ${m.planId}, ${m.start}, ${m.payment}, ${m.status},
          ${m.checkoutUrl}, ${m.checkoutSessionId}, ${m.currentPeriodEnd}, ${m.createdBy})`;
    },
    async history(tx: Tx, id: string, at: Date, status: MembershipStatus, note: string): Promise<void> {
      await tx`insert into membership_history (membership_id, at, status, note) values (${id}, ${at}, ${status}, ${note})`;
    },
    async setStatus(
      tx: Tx,
      id: string,
      values: {
        status: MembershipStatus;
        subscriptionId?: string;
        customerId?: string;
        currentPeriodEnd?: Date;
      },
    ): Promise<void> {
      await tx`
        update memberships set status = ${values.status},
          stripe_subscription_id = coalesce(${values.subscriptionId ?? null}, stripe_subscription_id),
          stripe_customer_id = coalesce(${values.customerId ?? null}, stripe_customer_id),
          current_period_end = coalesce(${values.currentPeriodEnd ?? null}, current_period_end),
          checkout_url = case when ${values.status} = 'pending' then checkout_url else null end,
          updated_at = date_trunc('milliseconds', now())
        where id = ${id}`;
    },
    lock: (tx: Tx, id: string) => (isUuid(id) ? lockWhere(tx, tx`m.id = ${id}`) : Promise.resolve(null)),
    lockBySubscription: (tx: Tx, subscriptionId: string) =>
      lockWhere(tx, tx`m.stripe_subscription_id = ${subscriptionId}`),
    /** A plan invoice: its number taken by the caller from the invoices' counter. */
    async addInvoice(
      tx: Tx,
      i: {
        membershipId: string;
        number: string;
        seq: number;
        periodStart: string;
        periodEnd: string;
        amountCents: number;
        paidCents: number;
        issuedAt: Date;
        paidAt: Date | null;
        stripeInvoiceId: string | null;
        paymentIntent: string;
      },
    ): Promise<void> {
      await tx`
        insert into plan_invoices (membership_id, number, seq, period_start, period_end, amount_cents, paid_cents,
          issued_at, paid_at, stripe_invoice_id, payment_intent)
        values (${i.membershipId}, ${i.number}, ${i.seq}, ${i.periodStart}, ${i.periodEnd}, ${i.amountCents},
          ${i.paidCents}, ${i.issuedAt}, ${i.paidAt}, ${i.stripeInvoiceId}, ${i.paymentIntent})`;
    },
    /** The paid plan invoice of the period under way on `today`, with what is left to give back of it. */
    async paidPeriod(membershipId: string, today: string) {
      const [row] = await sql<
        { id: string; number: string; start: string; end: string; left: string; payment_intent: string }[]
      >`
        select id, number, ${sql.unsafe(DAY("period_start"))} as start, ${sql.unsafe(DAY("period_end"))} as end,
          (paid_cents - refunded_cents)::text as left, payment_intent
        from plan_invoices
        where membership_id = ${membershipId} and period_start <= ${today} and period_end > ${today}
          and paid_cents > refunded_cents
        order by period_start desc limit 1`;
      return row ? { ...row, leftCents: Number(row.left) } : null;
    },
    /** The membership a plan invoice belongs to, read without a lock (the membership is locked first). */
    async invoiceOwner(tx: Tx, invoiceId: string): Promise<string | null> {
      if (!isUuid(invoiceId)) return null;
      const [row] = await tx<{ membership_id: string }[]>`
        select membership_id from plan_invoices where id = ${invoiceId}`;
      return row?.membership_id ?? null;
    },
    /** A plan invoice, locked, with what it asks and what was paid. */
    async lockInvoice(tx: Tx, invoiceId: string) {
      const [row] = await tx<
        {
          id: string;
          number: string;
          start: string;
          end: string;
          amount_cents: string;
          paid_cents: string;
          payment_intent: string;
        }[]
      >`
        select id, number, ${tx.unsafe(DAY("period_start"))} as start, ${tx.unsafe(DAY("period_end"))} as end,
          amount_cents::text, paid_cents::text, payment_intent
        from plan_invoices where id = ${invoiceId} for update`;
      return row ? { ...row, amountCents: Number(row.amount_cents), paidCents: Number(row.paid_cents) } : null;
    },
    /** The whole of a plan invoice paid at `at`; online, with the provider's payment (what a refund gives back). */
    async markPaid(tx: Tx, invoiceId: string, at: Date, paymentIntent = ""): Promise<void> {
      await tx`
        update plan_invoices set paid_cents = amount_cents, paid_at = ${at}, payment_intent = ${paymentIntent}
        where id = ${invoiceId}`;
    },
    /** A refund given back on a plan invoice at `at`, with the provider's id of it. */
    async recordRefund(tx: Tx, invoiceId: string, cents: number, refundId: string | null, at: Date): Promise<void> {
      await tx`
        update plan_invoices set refunded_cents = refunded_cents + ${cents}, refund_id = ${refundId}, refunded_at = ${at}
        where id = ${invoiceId}`;
    },
    /** True when the provider's invoice, or a plan invoice for the period, was recorded already. */
    async invoiceRecorded(tx: Tx, membershipId: string, stripeInvoiceId: string, periodStart: string) {
      const [row] = await tx`
        select 1 from plan_invoices
        where stripe_invoice_id = ${stripeInvoiceId} or (membership_id = ${membershipId} and period_start = ${periodStart})`;
      return !!row;
    },
    /** Records a webhook event's id (the invoices' table: one record of every event); false when handled before. */
    async claimEvent(tx: Tx, eventId: string): Promise<boolean> {
      const rows = await tx`insert into webhook_events (id) values (${eventId}) on conflict do nothing returning id`;
      return rows.length > 0;
    },
    forCustomer: (customerId: string) => (isUuid(customerId) ? list(sql, sql`m.customer_id = ${customerId}`) : []),
    /** The memberships of a signed-in customer's record (none without one). */
    forCustomerKey: (key: CustomerKey) => (key.customerId ? list(sql, sql`m.customer_id = ${key.customerId}`) : []),
    one: async (id: string, tx?: Tx) => (isUuid(id) ? ((await list(tx ?? sql, sql`m.id = ${id}`))[0] ?? null) : null),
    /**
     * The plan and discount of the membership that counts on the booking's property, if any (the invoices and
     * estimates price the member discount from it).
     */
    async discountForBooking(bookingId: string, tx?: Tx): Promise<{ planName: string; percent: number } | null> {
      if (!isUuid(bookingId)) return null;
      const db = tx ?? sql;
      const [row] = await db<{ name: string; percent: string }[]>`
        select p.name, p.member_discount_percent::text as percent
        from bookings b join memberships m on m.property_id = b.property_id
          and m.status in ('active', 'past_due', 'cancelling')
        join plans p on p.id = m.plan_id
        where b.id = ${bookingId} and b.plan_name is null
        order by m.created_at limit 1`;
      return row && Number(row.percent) > 0 ? { planName: row.name, percent: Number(row.percent) } : null;
    },
    transaction: <T>(work: (tx: Tx) => Promise<T>) => transaction(sql, work),
  };
}

export type MembershipsRepo = ReturnType<typeof createMembershipsRepo>;
