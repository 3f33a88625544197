-- Service plans the owner sells, the memberships of customers' properties, each period's plan invoice, and the
-- visits the worker plans ahead as bookings to schedule.
create table plans (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  -- [{ serviceType, units, everyMonths }]
  visits jsonb not null default '[]',
  price_cents bigint not null check (price_cents > 0),
  period text not null check (period in ('month', 'year')),
  member_discount_percent numeric(5, 2) not null check (member_discount_percent between 0 and 100),
  active boolean not null default true,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

create table memberships (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  property_id uuid not null references properties (id),
  plan_id uuid not null references plans (id) on delete restrict,
  start_date date not null,
  payment text not null check (payment in ('card-link', 'invoice')),
  status text not null default 'pending'
    check (status in ('pending', 'active', 'past_due', 'cancelling', 'ended')),
  checkout_url text,
  checkout_session_id text unique,
  stripe_customer_id text,
  stripe_subscription_id text unique,
  current_period_end timestamptz,
  created_by text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index memberships_customer_idx on memberships (customer_id, created_at);
-- What the discount and the visit planner read: the memberships that count, by property.
create index memberships_property_idx on memberships (property_id) where status in ('active', 'past_due', 'cancelling');

create table membership_history (
  id bigint generated always as identity primary key,
  membership_id uuid not null references memberships (id),
  at timestamptz not null,
  status text not null,
  note text not null default ''
);
create index membership_history_idx on membership_history (membership_id, id);

-- A period's bill: numbered from the invoices' counter (document_counters 'invoice'), so plan invoices and job
-- invoices together follow each other without a gap; never deleted.
create table plan_invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  seq bigint not null unique,
  membership_id uuid not null references memberships (id),
  period_start date not null,
  period_end date not null,
  amount_cents bigint not null check (amount_cents >= 0),
  paid_cents bigint not null default 0,
  issued_at timestamptz not null,
  paid_at timestamptz,
  -- The provider's invoice, once: a retried or replayed invoice.paid finds it.
  stripe_invoice_id text unique,
  payment_intent text not null default '',
  unique (membership_id, period_start)
);

-- One row per included visit and due date: the unique key is what keeps concurrent workers (and a restart between
-- the row and its booking) from planning one visit twice.
create table membership_visits (
  membership_id uuid not null references memberships (id),
  service_type text not null,
  due_date date not null,
  booking_id uuid references bookings (id),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (membership_id, service_type, due_date)
);

-- The plan a booking was made for: the board labels the job with its name.
alter table bookings add column plan_name text;

alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings', 'staff', 'price_book', 'estimate', 'invoice',
                         'customer', 'passkey', 'plan', 'membership'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void', 'merge', 'restore', 'sign_in', 'sign_in_failed', 'factor_added',
                    'factor_removed', 'recovery_code_used', 'session_revoked', 'sign_in_refused', 'sms_consent',
                    'sms_keyword', 'cancel'));
