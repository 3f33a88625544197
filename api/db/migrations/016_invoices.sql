-- Invoices: one per booking, numbered without gaps (document_counters), never deleted (a void one keeps its number).
create table invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  seq bigint not null unique,
  booking_id uuid not null unique references bookings (id) on delete restrict,
  issued_at timestamptz not null,
  due_at timestamptz not null,
  -- [{ description, quantity, unitPriceCents, amountCents, taxable }]: the booked service, its discount, the approved
  -- estimate options; then the office's adjustments, kept apart so they can be edited while nothing is paid.
  lines jsonb not null,
  adjustments jsonb not null default '[]',
  subtotal_cents bigint not null,
  tax_cents bigint not null,
  total_cents bigint not null,
  tax_rate_percent numeric(4, 2) not null,
  tax_label text not null,
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  -- Payments less refunds, kept by the transaction that writes either (the reports read what is owed from it).
  paid_cents bigint not null default 0,
  voided_at timestamptz,
  void_reason text,
  created_by text not null,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index invoices_issued_idx on invoices (issued_at);
-- What is owed: the receivables read only these.
create index invoices_open_idx on invoices (due_at) where voided_at is null and paid_cents < total_cents;

create table payments (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references invoices (id) on delete restrict,
  method text not null check (method in ('cash', 'check', 'card', 'online')),
  amount_cents bigint not null check (amount_cents > 0),
  refunded_cents bigint not null default 0 check (refunded_cents between 0 and amount_cents),
  reference text not null default '',
  at timestamptz not null,
  received_at timestamptz not null default date_trunc('milliseconds', now()),
  by_name text not null,
  by_id uuid,
  -- An online payment: its Checkout Session, once (Stripe retries its webhooks).
  checkout_session_id text unique
);
create index payments_invoice_idx on payments (invoice_id, at);
create index payments_at_idx on payments (at);

create table refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references payments (id) on delete restrict,
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null,
  at timestamptz not null default date_trunc('milliseconds', now()),
  by_name text not null,
  provider_reference text not null default ''
);
create index refunds_at_idx on refunds (at);

-- Webhook events already handled, by the provider's event id: a retried delivery is answered and ignored.
create table webhook_events (
  id text primary key,
  received_at timestamptz not null default date_trunc('milliseconds', now())
);

alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings', 'staff', 'price_book', 'estimate', 'invoice'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void'));
