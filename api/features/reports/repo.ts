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
  /** The period's series by `bucket`, and its bookings sold by service and by ZIP (the ten first). */
  figures(
    period: ReportPeriod,
    bucket: Bucket,
  ): Promise<{ series: SeriesPoint[] } & Pick<ReportSummary, "byService" | "byZip">>;
  technicians(period: ReportPeriod): Promise<TechnicianFigures[]>;
  /** The period's bookings in visit order, a batch at a time from a cursor. */
  bookingRows(period: ReportPeriod, batch: number): AsyncIterable<BookingCsvRow[]>;
  /** One row per customer record with a booking in the period (by e-mail, case aside, for a booking not linked yet). */
  customerRows(period: ReportPeriod, batch: number): AsyncIterable<CustomerCsvRow[]>;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function createReportsRepo(sql: Sql): ReportsRepo {
  return {
    async totals({ from, to }) {
      // The sums in one flat pass over the period. The customers are the records that booked in it, each asked once
      // through its (customer, date) index whether it booked before: a bounded probe, where a set of every earlier
      // customer read the whole history before the period, and grouping the period by customer cost twice the CPU.
      const [row] = await sql<
        {
          bookings: number;
          completed: number;
          cancelled: number;
          booked: number;
          done: number;
          customers: number;
          returning_customers: number;
        }[]
      >`
        with sums as (
          select count(*) as bookings,
                 count(*) filter (where status = 'completed') as completed,
                 count(*) filter (where status = 'cancelled') as cancelled,
                 coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0) as booked,
                 coalesce(sum(estimated_price) filter (where status = 'completed'), 0) as done
          from bookings
          where cleaning_date between ${from} and ${to}
        ),
        -- A booking the worker has not linked yet counts as the record its e-mail belongs to, as the linker will
        -- decide; with no record, it is a new customer of its own e-mail (case aside).
        people as (
          select distinct customer_id as id, null::text as email from bookings
          where cleaning_date between ${from} and ${to} and customer_id is not null
          union
          select ce.customer_id, case when ce.customer_id is null then lower(b.email) end
          from bookings b left join customer_emails ce on ce.email = lower(b.email)
          where b.cleaning_date between ${from} and ${to} and b.customer_id is null
        ),
        seen as (
          select count(*) as customers,
                 count(*) filter (where exists (
                   select 1 from bookings e where e.customer_id = people.id and e.cleaning_date < ${from}
                 )) as returning_customers
          from people
        )
        select s.bookings::int, s.completed::int, s.cancelled::int, s.booked::float8, s.done::float8,
               p.customers::int, p.returning_customers::int
        from sums s, seen p`;
      const r = row!;
      const active = r.bookings - r.cancelled;
      return {
        bookings: r.bookings,
        completed: r.completed,
        cancelled: r.cancelled,
        cancellationRate: r.bookings === 0 ? 0 : Math.round((r.cancelled / r.bookings) * 10_000) / 10_000,
        bookedRevenue: cents(r.booked),
        completedRevenue: cents(r.done),
        averageJob: active === 0 ? 0 : cents(r.booked / active),
        newCustomers: r.customers - r.returning_customers,
        returningCustomers: r.returning_customers,
      };
    },

    async figures({ from, to }, bucket) {
      // The series, the services and the ZIPs from one read of the period's bookings (grouping sets), where three
      // statements each read all of them: about 60 ms less database CPU at 100,000 bookings. The technicians keep
      // their own statement: it joins the ratings.
      const rows = await sql<
        {
          kind: "bucket" | "service" | "zip";
          key: string;
          title: string;
          bookings: number;
          completed: number;
          sold: number;
          revenue: number;
        }[]
      >`
        with grouped as (
          -- By the raw columns, then rolled up: the days into buckets and the ZIPs to five digits on a few hundred
          -- groups, rather than a date_trunc and a left() on every booking (a sixth less CPU).
          select grouping(cleaning_date, service_type, zip) as g, cleaning_date, service_type, zip,
                 count(*) as bookings,
                 count(*) filter (where status = 'completed') as completed,
                 count(*) filter (where status <> 'cancelled') as sold,
                 coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0) as revenue
          from bookings
          where cleaning_date between ${from} and ${to}
          group by grouping sets ((cleaning_date), (service_type), (zip))
        ),
        by_bucket as (
          select date_trunc(${bucket}, cleaning_date::timestamp)::date as bucket, sum(bookings) as bookings,
                 sum(completed) as completed, sum(sold) as sold, sum(revenue) as revenue
          from grouped where g = 3
          group by 1
        ),
        -- Every bucket of the period, the empty ones too: a chart with gaps would lie about the quiet days.
        buckets as (
          select generate_series(
            date_trunc(${bucket}, ${from}::date::timestamp), ${to}::date::timestamp, ${`1 ${bucket}`}::interval
          )::date as bucket
        )
        select 'bucket' as kind, b.bucket::text as key, '' as title, coalesce(g.bookings, 0)::int as bookings,
               coalesce(g.completed, 0)::int as completed, coalesce(g.sold, 0)::int as sold,
               coalesce(g.revenue, 0)::float8 as revenue
        from buckets b left join by_bucket g using (bucket)
        union all
        select 'service', g.service_type, coalesce(s.title, g.service_type), g.bookings::int, g.completed::int,
               g.sold::int, g.revenue::float8
        from grouped g left join services s on s.id = g.service_type
        where g.g = 5
        union all
        select 'zip', left(zip, 5), '', sum(bookings)::int, sum(completed)::int, sum(sold)::int, sum(revenue)::float8
        from grouped where g = 6
        group by left(zip, 5)`;
      const of = (kind: string) => rows.filter((r) => r.kind === kind);
      // Breakdowns count what was sold: bookings not cancelled.
      const sold = (kind: string) => of(kind).filter((r) => r.sold > 0);
      const byOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      return {
        series: of("bucket")
          .sort((a, b) => byOrder(a.key, b.key))
          .map((r) => ({ bucket: r.key, bookings: r.bookings, completed: r.completed, revenue: cents(r.revenue) })),
        byService: sold("service")
          .sort((a, b) => b.revenue - a.revenue || byOrder(a.title, b.title))
          .map((r) => ({ serviceType: r.key, title: r.title, bookings: r.sold, revenue: cents(r.revenue) })),
        byZip: sold("zip")
          .sort((a, b) => b.sold - a.sold || byOrder(a.key, b.key))
          .slice(0, 10)
          .map((r) => ({ zip: r.key, bookings: r.sold })),
      };
    },

    async technicians({ from, to }) {
      // Every rating counts, whatever its stars (no review gating): the technician's as the visit had them.
      const rows = await sql<TechnicianFigures[]>`
        select b.technician_id as "technicianId", a.name, count(*)::int as visits,
               sum(b.estimated_price)::float8 as revenue,
               round(avg(r.stars), 2)::float8 as "averageRating", count(r.stars)::int as ratings
        from bookings b join admin_users a on a.id = b.technician_id
        left join booking_ratings r on r.booking_id = b.id and r.technician_id = b.technician_id
        where b.cleaning_date between ${from} and ${to} and b.status <> 'cancelled'
        group by b.technician_id, a.name
        order by visits desc, a.name`;
      return rows.map((r) => ({ ...r, revenue: cents(r.revenue) }));
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
      // By customer record, as the summary counts them: a merged customer's e-mails are one row, under the record's
      // first e-mail and name; the phone, city and ZIP are the latest booking's, as written on the job. A booking not
      // linked yet counts as its e-mail's record, or as a customer of its own e-mail (case aside).
      return sql<CustomerCsvRow[]>`
        with period as (
          select coalesce(b.customer_id, ce.customer_id) as customer_id, lower(b.email) as email,
                 b.first_name || ' ' || b.last_name as name, b.contact_number, b.city, left(b.zip, 5) as zip,
                 b.status, b.estimated_price, b.cleaning_date, b.created_at
          from bookings b left join customer_emails ce on b.customer_id is null and ce.email = lower(b.email)
          where b.cleaning_date between ${from} and ${to}
        ),
        grouped as (
          select customer_id, case when customer_id is null then email end as own_email, min(email) as email,
                 (array_agg(name order by created_at desc))[1] as name,
                 (array_agg(contact_number order by created_at desc))[1] as phone,
                 (array_agg(city order by created_at desc))[1] as city,
                 (array_agg(zip order by created_at desc))[1] as zip,
                 count(*)::int as bookings,
                 count(*) filter (where status = 'completed')::int as completed,
                 coalesce(sum(estimated_price) filter (where status <> 'cancelled'), 0)::float8 as revenue,
                 min(cleaning_date) as first_visit,
                 max(cleaning_date) as last_visit
          from period
          group by 1, 2
        )
        select coalesce(
                 (select e.email from customer_emails e where e.customer_id = g.customer_id order by e.position limit 1),
                 g.email
               ) as email,
               coalesce(c.name, g.name) as name, g.phone, g.city, g.zip, g.bookings, g.completed, g.revenue,
               g.first_visit, g.last_visit
        from grouped g left join customers c on c.id = g.customer_id
        order by 1`.cursor(batch);
    },
  };
}
