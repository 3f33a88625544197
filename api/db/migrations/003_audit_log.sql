-- Every admin change of a booking or a service, written in the same transaction as the change. No foreign
-- keys: an entry outlives the booking, service or admin it names.
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default date_trunc('milliseconds', now()),
  admin_id uuid,
  admin_email text not null,
  entity_type text not null check (entity_type in ('booking', 'service')),
  entity_id text not null,
  action text not null check (action in ('create', 'update', 'status', 'delete')),
  -- { field: { "from": old, "to": new } }: only "to" on create, only "from" on delete.
  changes jsonb not null default '{}',
  seq bigint generated always as identity
);

create index audit_log_entity_idx on audit_log (entity_type, entity_id, seq desc);
