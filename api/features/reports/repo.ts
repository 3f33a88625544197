import type {
  Bucket,
  ReportPeriod,
  ReportSummary,
  ReportTotals,
  SeriesPoint,
  TechnicianFigures,
} from "../../contracts/reports/reports.ts";
import type { Sql } from "../../db/client.ts";

export interface BookingCsvRow {
  id: string;
  created_at: Date;
  cleaning_date: string;
  cleaning_time: string;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_number: string;
  home_address: string;
  city: string;
  state: string;
  zip: string;
  service: string;
  unit_count: number;
  furnace_or_unit: string;
  original_price: number;
  discount_amount: number;
  estimated_price: number;
  technician: string | null;
  visit_stage: string;
  comment: string;
}

export interface CustomerCsvRow {
  email: string;
  name: string;
  phone: string;
  city: string;
  zip: string;
  bookings: number;
  completed: number;
  revenue: number;
  first_visit: string;
  last_visit: string;
}

/** The report's figures, each computed by the database over the bookings of a period (by visit date). */
export interface ReportsRepo {
  totals(period: ReportPeriod): Promise<ReportTotals>;
  series(period: ReportPeriod, bucket: Bucket): Promise<SeriesPoint[]>;
  breakdowns(period: ReportPeriod): Promise<Pick<ReportSummary, "byService" | "byTechnician" | "byZip">>;
  /** The period's bookings in visit order, a batch at a time from a cursor. */
  bookingRows(period: ReportPeriod, batch: number): AsyncIterable<BookingCsvRow[]>;
  /** One row per customer (e-mail, case aside) with a booking in the period. */
  customerRows(period: ReportPeriod, batch: number): AsyncIterable<CustomerCsvRow[]>;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function createReportsRepo(sql: Sql): ReportsRepo {
  return {
    async totals({ from, to }) {
      const [row] = await sql<
        {
          bookings: number;
          completed: number;
          cancelled: number;
          active: number;
          booked: number;
          done: number;
          new_customers: number;
          returning_customers: number;
        }[]
      >`
        with period as (
          select lower(email) as customer, status, estimated_price from bookings
          where cleaning_date between ${from} and ${to}
        ),
        customers as (select distinct customer from period),
        -- Hashed once and probed, rather than a customer's first visit looked up 30,000 times.
        earlier as (select distinct lower(email) as customer from bookings where cleaning_date < ${from}),
        sums as (
          select
            count(*)::int as bookings,
            count(*) filter (where status = 'completed')::int as completed,
            count(*) filter (where status = 'cancelled')::int as cancelled,
            count(*) filter (where status <> 'cancelled')::int as active,
            coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0)::float8 as booked,
            coalesce(sum(estimated_price) filter (where status = 'completed'), 0)::float8 as done
          from period
        ),
        returning_customers as (
          select count(*)::int as n from customers c where exists (select 1 from earlier e where e.customer = c.customer)
        )
        select sums.*,
               (select count(*)::int from customers) - returning_customers.n as new_customers,
               returning_customers.n as returning_customers
        from sums, returning_customers`;
      const r = row!;
      return {
        bookings: r.bookings,
        completed: r.completed,
        cancelled: r.cancelled,
        cancellationRate: r.bookings === 0 ? 0 : Math.round((r.cancelled / r.bookings) * 10_000) / 10_000,
        bookedRevenue: cents(r.booked),
        completedRevenue: cents(r.done),
        averageJob: r.active === 0 ? 0 : cents(r.booked / r.active),
        newCustomers: r.new_customers,
        returningCustomers: r.returning_customers,
      };
    },

    async series({ from, to }, bucket) {
      // Every bucket of the period, the empty ones too: a chart with gaps would lie about the quiet days.
      const rows = await sql<{ bucket: string; bookings: number; completed: number; revenue: number }[]>`
        with buckets as (
          select generate_series(
            date_trunc(${bucket}, ${from}::date::timestamp), ${to}::date::timestamp, ${`1 ${bucket}`}::interval
          )::date
            as bucket
        ),
        counted as (
          select date_trunc(${bucket}, cleaning_date::timestamp)::date as bucket,
                 count(*)::int as bookings,
                 count(*) filter (where status = 'completed')::int as completed,
                 coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0)::float8 as revenue
          from bookings where cleaning_date between ${from} and ${to}
          group by 1
        )
        select b.bucket, coalesce(c.bookings, 0) as bookings, coalesce(c.completed, 0) as completed,
               coalesce(c.revenue, 0) as revenue
        from buckets b left join counted c using (bucket)
        order by b.bucket`;
      return rows.map((r) => ({ ...r, revenue: cents(r.revenue) }));
    },

    async breakdowns({ from, to }) {
      // Breakdowns count what was sold: bookings not cancelled.
      const byService = await sql<{ serviceType: string; title: string; bookings: number; revenue: number }[]>`
        select b.service_type as "serviceType", coalesce(s.title, b.service_type) as title,
               count(*)::int as bookings, sum(b.estimated_price)::float8 as revenue
        from bookings b left join services s on s.id = b.service_type
        where b.cleaning_date between ${from} and ${to} and b.status <> 'cancelled'
        group by b.service_type, s.title
        order by revenue desc, title`;
      // Every rating counts, whatever its stars (no review gating): the technician's as the visit had them.
      const byTechnician = await sql<TechnicianFigures[]>`
        select b.technician_id as "technicianId", a.name, count(*)::int as visits,
               sum(b.estimated_price)::float8 as revenue,
               round(avg(r.stars), 2)::float8 as "averageRating", count(r.stars)::int as ratings
        from bookings b join admin_users a on a.id = b.technician_id
        left join booking_ratings r on r.booking_id = b.id and r.technician_id = b.technician_id
        where b.cleaning_date between ${from} and ${to} and b.status <> 'cancelled'
        group by b.technician_id, a.name
        order by visits desc, a.name`;
      const byZip = await sql<{ zip: string; bookings: number }[]>`
        select left(zip, 5) as zip, count(*)::int as bookings
        from bookings
        where cleaning_date between ${from} and ${to} and status <> 'cancelled'
        group by 1
        order by bookings desc, zip
        limit 10`;
      return {
        byService: byService.map((r) => ({ ...r, revenue: cents(r.revenue) })),
        byTechnician: byTechnician.map((r) => ({ ...r, revenue: cents(r.revenue) })),
        byZip: [...byZip],
      };
    },

    bookingRows({ from, to }, batch) {
      return sql<BookingCsvRow[]>`
        select b.id, b.created_at, b.cleaning_date, b.cleaning_time, b.status, b.first_name, b.last_name, b.email,
               b.contact_number, b.home_address, b.city, b.state, b.zip,
               coalesce(s.title, b.service_type) as service, b.unit_count, b.furnace_or_unit,
               b.original_price, b.discount_amount, b.estimated_price, a.name as technician, b.visit_stage, b.comment
        from bookings b
        left join services s on s.id = b.service_type
        left join admin_users a on a.id = b.technician_id
        where b.cleaning_date between ${from} and ${to}
        order by b.cleaning_date, b.created_at, b.id`.cursor(batch);
    },

    customerRows({ from, to }, batch) {
      return sql<CustomerCsvRow[]>`
        select lower(email) as email,
               (array_agg(first_name || ' ' || last_name order by created_at desc))[1] as name,
               (array_agg(contact_number order by created_at desc))[1] as phone,
               (array_agg(city order by created_at desc))[1] as city,
               (array_agg(left(zip, 5) order by created_at desc))[1] as zip,
               count(*)::int as bookings,
               count(*) filter (where status = 'completed')::int as completed,
               coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0)::float8 as revenue,
               min(cleaning_date) as first_visit,
               max(cleaning_date) as last_visit
        from bookings
        where cleaning_date between ${from} and ${to}
        group by lower(email)
        order by lower(email)`.cursor(batch);
    },
  };
}
