-- The price book: work beyond the bookable services that a technician prices on the spot. Prices in integer cents.
create table price_book_items (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  description text not null default '',
  unit_price_cents integer not null check (unit_price_cents between 0 and 10000000),
  unit_label text not null default 'each',
  taxable boolean not null default true,
  -- False once archived: an item an estimate used is kept, never deleted.
  active boolean not null default true,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

-- What a duct and vent cleaner adds on site most often, at typical Charlotte-area prices; the owner edits them.
insert into price_book_items (name, description, unit_price_cents, unit_label, taxable) values
  ('Sanitizer / antimicrobial treatment', 'EPA-registered antimicrobial fogged through the supply and return ducts.', 14900, 'each', true),
  ('UV light installation', 'UV-C germicidal lamp mounted at the coil, with its first bulb.', 44900, 'each', true),
  ('Blower motor cleaning', 'Blower wheel and motor removed, degreased, cleaned and reinstalled.', 17900, 'each', false),
  ('Evaporator coil cleaning', 'Coil foamed, rinsed and the drain pan treated.', 19900, 'each', false),
  ('Dryer vent re-route', 'Rigid metal vent run replacing a long or kinked route, per foot.', 1800, 'ft', true),
  ('Bird guard', 'Stainless guard on the exterior vent hood.', 6900, 'each', true),
  ('Crushed transition duct replacement', 'Semi-rigid aluminum transition behind the dryer, clamps included.', 8900, 'each', true),
  ('Extra return vent', 'Return vent and grille beyond those of the package, cleaned.', 3500, 'vent', false);

-- Estimates: options of priced lines (a snapshot, never repriced), for the customer to approve one of or decline.
create table estimates (
  -- Chosen by the device when made offline (a UUID), so that its queued approval can name it.
  id uuid primary key,
  -- Sequential without gaps (document_counters), given when the estimate reaches the server.
  number text not null unique,
  seq bigint not null unique,
  booking_id uuid not null references bookings (id) on delete cascade,
  status text not null check (status in ('draft', 'sent', 'approved', 'declined')),
  -- [{ _id, title, lines: [{ description, quantity, unitPriceCents, amountCents, taxable, priceBookItemId?,
  --    serviceId? }], subtotalCents, taxCents, totalCents }]
  options jsonb not null,
  approved_option_id text,
  deposit_percent numeric(5, 2) not null default 0 check (deposit_percent between 0 and 100),
  message text not null default '',
  tax_rate_percent numeric(4, 2) not null,
  tax_label text not null,
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  -- When it was made (on a device: its bounded time there) and when it reached the server.
  created_at timestamptz not null,
  received_at timestamptz not null default date_trunc('milliseconds', now()),
  expires_at timestamptz not null,
  sent_at timestamptz,
  created_by_id uuid,
  created_by text not null,
  -- { via, signedBy, at, receivedAt } once approved.
  approval jsonb,
  signature_png bytea,
  -- { reason, at } once declined.
  decline jsonb,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index estimates_booking_idx on estimates (booking_id, seq);

alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings', 'staff', 'price_book', 'estimate'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline'));
