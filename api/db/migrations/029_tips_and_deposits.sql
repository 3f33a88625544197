-- Tips (decision 0080): a card or online payment may carry one, kept apart from what it pays of the invoice, so a tip
-- never counts against the balance; the owner turns them on and picks three percentages for the payment dialog.
alter table business_settings
  add column tips_enabled boolean not null default false,
  add column tip_percent_presets jsonb not null default '[15, 18, 20]',
  -- The deposit an estimate option asks when it names none: percent of its total, 0 for none.
  add column deposit_default_percent numeric(5, 2) not null default 0
    check (deposit_default_percent between 0 and 100);

alter table payments add column tip_cents bigint not null default 0 check (tip_cents >= 0);

-- Deposits (decision 0080): a payment taken when an estimate option is approved, before the job has an invoice. It
-- belongs to its booking and estimate until the booking's invoice is made, which then counts it (invoice_id is set).
alter table payments
  alter column invoice_id drop not null,
  add column booking_id uuid references bookings (id) on delete restrict,
  add column estimate_id uuid references estimates (id) on delete restrict;
create index payments_held_deposits_idx on payments (booking_id) where invoice_id is null;

-- An online approval waits for its deposit: what the customer signed, kept until Checkout reports the payment.
create table deposit_checkouts (
  session_id text primary key,
  estimate_id uuid not null references estimates (id) on delete cascade,
  option_id text not null,
  signed_by text not null,
  signature_png bytea,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
