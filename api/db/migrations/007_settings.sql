-- The business settings (issue 15): one row, edited in the dashboard's Settings, read (and cached) by every instance.
-- No row is written here: the first start writes it from its environment (SLOT_CAPACITY, BOOKING_HORIZON_DAYS,
-- BUSINESS_*), so those variables only seed it. Until then the server reads SPEC §9's defaults.
create table business_settings (
  id boolean primary key default true check (id),
  -- { name, shortName, phone, email, street, city, state, zip, serviceArea }
  profile jsonb not null,
  -- { sunday: { "open": "07:00", "close": "19:00" } | null, monday: ..., ... }
  hours jsonb not null,
  -- [{ "from": "2026-11-26", "to": "2026-11-26", "reason": "Thanksgiving" }]
  closed_dates jsonb not null default '[]',
  slot_capacity integer not null check (slot_capacity between 1 and 100),
  lead_days integer not null check (lead_days between 0 and 365),
  horizon_days integer not null check (horizon_days between 1 and 3650),
  -- [{ "minUnits": 2, "percent": 10 }]
  discount_tiers jsonb not null default '[]',
  -- ["28203", ...]; empty = every ZIP
  service_area_zips jsonb not null default '[]',
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

-- A service's price is now what a booking is charged per unit, not only a figure shown. The eight services keep
-- the prices the server charged until now (api/contracts/services.ts BASE_PRICES), whatever the form showed.
update services set price = case id
    when 'air-duct-cleaning' then 199
    when 'dryer-vent-cleaning' then 99
    when 'supply-vent-cleaning' then 149
    when 'negative-pressure-machine' then 249
    when 'brush-cleaning' then 179
    when 'deep-cleaning' then 299
    when 'chimney-cleaning' then 199
    when 'hvac-system-cleaning' then 349
  end
  where id in ('air-duct-cleaning', 'dryer-vent-cleaning', 'supply-vent-cleaning', 'negative-pressure-machine',
               'brush-cleaning', 'deep-cleaning', 'chimney-cleaning', 'hvac-system-cleaning');

-- Settings changes are audited like bookings and services.
alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings'));
