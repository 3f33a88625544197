-- Services offered on the site; ids are readable slugs (the 8 seeded ones are the SPEC's service keys).
create table services (
  id text primary key,
  -- Keeps the list in the order services were added (the home page picks services by position).
  seq bigint generated always as identity,
  title text not null,
  description text not null,
  image text not null,
  benefits jsonb not null default '[]',
  process jsonb not null default '[]',
  duration text not null,
  price numeric(10, 2) not null check (price >= 0),
  coverage text not null,
  packages jsonb not null default '[]',
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

create table bookings (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  email text not null,
  contact_number text not null,
  home_address text not null,
  city text not null,
  state text not null,
  zip text not null,
  furnace_or_unit text not null default 'N/A',
  -- A service key, not a foreign key: a booking keeps its service even if the service is later removed.
  service_type text not null,
  unit_count integer not null check (unit_count between 1 and 10),
  cleaning_date date not null,
  cleaning_time text not null,
  comment text not null default '',
  original_price numeric(10, 2) not null,
  discount_amount numeric(10, 2) not null,
  estimated_price numeric(10, 2) not null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'completed', 'cancelled')),
  time_zone text not null default '',
  version integer not null default 1,
  -- Millisecond precision so that an updatedAt read by a client compares exactly in ?since=.
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

create index bookings_slot_idx on bookings (cleaning_date, cleaning_time);
create index bookings_email_idx on bookings (email);
create index bookings_updated_at_idx on bookings (updated_at);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text not null,
  service text not null,
  message text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);

create table admin_users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  name text not null,
  password_hash text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

-- The first answer to a write sent with an Idempotency-Key, replayed to retries of the same request.
create table idempotency_keys (
  route text not null,
  key text not null,
  body_hash text not null,
  status integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (route, key)
);

create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
