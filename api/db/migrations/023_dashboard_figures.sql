-- The dashboard's figures from counters, not scans (decision 0064). Every write to bookings, payments or refunds
-- appends what it changed to figure_deltas, from statement-level triggers: whoever writes (the booking command, an
-- import, a restore, a merge) keeps them right, and a bulk statement appends one row, not one per booking. Appending
-- takes no lock another writer waits on, so concurrent bookings never queue or deadlock on a counter row. The worker
-- folds the rows now and then (fold_figure_deltas), so the summary sums a few hundred rows, not the history.
create table figure_deltas (
  id bigint generated always as identity primary key,
  -- Money moved in this quarter hour (payments less refunds, by their own instant): every time zone's midnight falls
  -- on a quarter hour, so "this month" in the business's zone is whole buckets. Null: counts, and folded history.
  at timestamptz,
  bookings bigint not null default 0,
  pending bigint not null default 0,
  completed bigint not null default 0,
  -- The server's prices of the bookings not cancelled, in cents (prices are numeric(10, 2): exact).
  booked_cents bigint not null default 0,
  collected_cents bigint not null default 0
);

-- The quarter hour an instant falls in.
create function figure_bucket(at timestamptz) returns timestamptz
  language sql immutable parallel safe
  return date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00');

-- Appends what groups of booking rows change, by status: `n` rows (less those as they were before) and `price` their
-- prices (likewise signed); nothing when that is nothing (a linker's or a merge's update).
create function append_booking_figures(groups jsonb) returns void language sql as $$
  insert into figure_deltas (bookings, pending, completed, booked_cents)
  select * from (
    select coalesce(sum(g.n), 0) as b,
           coalesce(sum(g.n) filter (where g.status = 'pending'), 0) as p,
           coalesce(sum(g.n) filter (where g.status = 'completed'), 0) as c,
           coalesce(sum((g.price * 100)::bigint) filter (where g.status <> 'cancelled'), 0) as v
    from jsonb_to_recordset(groups) as g (n bigint, status text, price numeric)
  ) s
  where (b, p, c, v) <> (0, 0, 0, 0)
$$;

-- Each operation reads only the transition tables it has. The rows are summed before they are handed on: a bulk
-- insert of 100,000 bookings passes a handful of groups, not its rows.
create function bookings_figure_deltas() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform append_booking_figures(coalesce((select jsonb_agg(g) from (
      select count(*) as n, status, sum(estimated_price) as price from new_rows group by status) g), '[]'));
  elsif tg_op = 'DELETE' then
    perform append_booking_figures(coalesce((select jsonb_agg(g) from (
      select -count(*) as n, status, -sum(estimated_price) as price from old_rows group by status) g), '[]'));
  else
    perform append_booking_figures(coalesce((select jsonb_agg(g) from (
      select sum(sign) as n, status, sum(sign * estimated_price) as price from (
        select 1 as sign, status, estimated_price from new_rows
        union all select -1, status, estimated_price from old_rows) u
      group by status) g), '[]'));
  end if;
  return null;
end $$;

-- Money by quarter hour: a payment adds its amount at its instant, a refund takes its own away at its own, as the
-- reports' net collected sum reads them.
create function append_money_figures(moved jsonb) returns void language sql as $$
  insert into figure_deltas (at, collected_cents)
  select m.at, m.cents from jsonb_to_recordset(moved) as m (at timestamptz, cents bigint) where m.cents <> 0
$$;

create function money_figure_deltas() returns trigger language plpgsql as $$
begin
  -- tg_argv[0] is the sign of the table's money: 1 for payments, -1 for refunds.
  if tg_op = 'INSERT' then
    perform append_money_figures(coalesce((select jsonb_agg(g) from (
      select figure_bucket(at) as at, sum(amount_cents) * tg_argv[0]::int as cents from new_rows group by 1) g), '[]'));
  elsif tg_op = 'DELETE' then
    perform append_money_figures(coalesce((select jsonb_agg(g) from (
      select figure_bucket(at) as at, -sum(amount_cents) * tg_argv[0]::int as cents from old_rows group by 1) g),
      '[]'));
  else
    perform append_money_figures(coalesce((select jsonb_agg(g) from (
      select figure_bucket(at) as at, sum(cents) * tg_argv[0]::int as cents from (
        select at, amount_cents as cents from new_rows union all select at, -amount_cents from old_rows) u
      group by 1) g), '[]'));
  end if;
  return null;
end $$;

-- Three triggers a table (transition tables allow one event a trigger), each reading the tables its event has.
do $$
declare
  t record;
begin
  for t in select * from (values ('bookings', 'bookings_figure_deltas()'), ('payments', 'money_figure_deltas(''1'')'),
                                 ('refunds', 'money_figure_deltas(''-1'')')) as v (name, call) loop
    execute format('create trigger %s_figures_insert after insert on %I referencing new table as new_rows
      for each statement execute function %s', t.name, t.name, t.call);
    execute format('create trigger %s_figures_update after update on %I
      referencing old table as old_rows new table as new_rows for each statement execute function %s',
      t.name, t.name, t.call);
    execute format('create trigger %s_figures_delete after delete on %I referencing old table as old_rows
      for each statement execute function %s', t.name, t.name, t.call);
  end loop;
end $$;

-- Folds every row into as few as say the same: one of counts and of money before `keep_from` (which must be before
-- the first of any month still asked about), and since then one per day in `zone`, the business's (whose months are
-- whole days there). Rows appended meanwhile are not in the statement's snapshot and stay for the next fold; a second
-- fold at once waits for the first and skips what it removed.
create function fold_figure_deltas(keep_from timestamptz, zone text) returns void language sql as $$
  with gone as (delete from figure_deltas returning *)
  insert into figure_deltas (at, bookings, pending, completed, booked_cents, collected_cents)
  select bucket, sum(bookings), sum(pending), sum(completed), sum(booked_cents), sum(collected_cents)
  from (
    select case when at >= keep_from then date_trunc('day', at at time zone zone) at time zone zone end as bucket, *
    from gone
  ) g
  group by bucket
$$;

-- The office's list of one status by visit date (completed, newest visit first) read in its order: without it the date
-- index is read past every future visit of another status before the first completed one.
create index bookings_status_date_idx on bookings (status, cleaning_date, id);

-- The history as it stands, then folded by the worker's first pass (which knows the business's zone).
insert into figure_deltas (bookings, pending, completed, booked_cents)
select count(*), count(*) filter (where status = 'pending'), count(*) filter (where status = 'completed'),
       coalesce(sum((estimated_price * 100)::bigint) filter (where status <> 'cancelled'), 0)
from bookings;
insert into figure_deltas (at, collected_cents)
select figure_bucket(at), sum(amount_cents) from payments group by 1;
insert into figure_deltas (at, collected_cents)
select figure_bucket(at), -sum(amount_cents) from refunds group by 1;

