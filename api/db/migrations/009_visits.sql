-- The technician's visit (issue 17): where it stands on the booking itself (lists, the schedule and live events
-- carry it), its history, notes, and the photos and signature taken on site.
alter table bookings add column visit_stage text not null default 'scheduled'
  check (visit_stage in ('scheduled', 'en_route', 'on_site', 'completed'));
alter table bookings add column visit_stage_at timestamptz;
alter table bookings add column customer_not_present boolean not null default false;

-- Who did what keeps their name as it was: a staff member renamed or removed later does not rewrite the record.
create table booking_visit_history (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  stage text not null check (stage in ('scheduled', 'en_route', 'on_site', 'completed')),
  staff_id uuid,
  staff_name text not null,
  at timestamptz not null default date_trunc('milliseconds', now()),
  seq bigint generated always as identity
);
create index booking_visit_history_booking_idx on booking_visit_history (booking_id, seq);

create table booking_notes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  text text not null,
  staff_id uuid,
  staff_name text not null,
  at timestamptz not null default date_trunc('milliseconds', now()),
  seq bigint generated always as identity
);
create index booking_notes_booking_idx on booking_notes (booking_id, seq);

-- A photo or signature of a booking; its bytes live in the image store under storage_key (stored_images below by
-- default; an object store later), so this table stays small.
create table booking_images (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  kind text not null check (kind in ('before', 'after', 'signature')),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  byte_size integer not null,
  storage_key text not null unique,
  staff_id uuid,
  staff_name text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  seq bigint generated always as identity
);
create index booking_images_booking_idx on booking_images (booking_id, seq);
-- One signature per booking: a new one replaces it.
create unique index booking_images_signature_idx on booking_images (booking_id) where kind = 'signature';

-- The Postgres image store: every instance sees the same bytes, and they go with their booking (or a replaced
-- signature) by the cascade.
create table stored_images (
  key text primary key references booking_images (storage_key) on delete cascade,
  bytes bytea not null
);

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature'));
