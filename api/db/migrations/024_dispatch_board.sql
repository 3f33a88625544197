-- The dispatch board (decision 0066): how long each service's job takes, the office's own duration for one booking,
-- each technician's working week and days off, and the drive figures. Everything here has a default, so rows written
-- before this keep working unchanged.

-- Per service id: { "firstUnitMinutes": n, "extraUnitMinutes": n }. A service not listed takes the contract's default.
alter table business_settings add column service_work jsonb not null default '{
  "air-duct-cleaning": { "firstUnitMinutes": 75, "extraUnitMinutes": 15 },
  "dryer-vent-cleaning": { "firstUnitMinutes": 45, "extraUnitMinutes": 15 },
  "supply-vent-cleaning": { "firstUnitMinutes": 30, "extraUnitMinutes": 10 },
  "negative-pressure-machine": { "firstUnitMinutes": 120, "extraUnitMinutes": 45 },
  "brush-cleaning": { "firstUnitMinutes": 90, "extraUnitMinutes": 30 },
  "deep-cleaning": { "firstUnitMinutes": 150, "extraUnitMinutes": 45 },
  "chimney-cleaning": { "firstUnitMinutes": 90, "extraUnitMinutes": 30 },
  "hvac-system-cleaning": { "firstUnitMinutes": 120, "extraUnitMinutes": 30 }
}';
-- { "roadFactor": 1.3, "mph": 30, "minMinutes": 10 }
alter table business_settings add column travel jsonb not null
  default '{ "roadFactor": 1.3, "mph": 30, "minMinutes": 10 }';

alter table bookings add column duration_override_minutes integer
  check (duration_override_minutes between 5 and 720);

-- { sunday: { "start": "07:00", "end": "20:00" } | null, ... }; null: the default week (the contract's).
alter table admin_users add column work_week jsonb;
-- ["2026-12-24", ...], sorted.
alter table admin_users add column days_off jsonb not null default '[]';

-- A job now lasts a while: the move command checks a technician's whole day (overlap, drive) under a lock of the
-- technician's row, which also covers two jobs at one start. The old one-job-per-slot index would refuse a route
-- that swaps two jobs' times inside one transaction, so the lock alone holds the rule.
drop index if exists bookings_technician_slot_idx;
