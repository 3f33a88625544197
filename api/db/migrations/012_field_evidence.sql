-- Field evidence (issue 21): a checklist per service, ticked on each job; and for everything a technician does, the
-- time they did it on their device (`at`) beside the time it reached the server (`received_at`).

-- [{ "_id": "supply-ducts", "label": "Supply ducts cleaned", "required": true }]
alter table services add column checklist jsonb not null default '[]';
-- The seeded services get their default list once (at the next start); an owner's later edit, even to an empty list,
-- is never overwritten.
alter table services add column checklist_seeded boolean not null default false;

-- One row per item touched on a booking; an item never touched is not done. Items are the service's list as it is
-- now: a tick of an item removed from the list is kept but no longer shown.
create table booking_checklist (
  booking_id uuid not null references bookings (id) on delete cascade,
  item_id text not null,
  done boolean not null,
  at timestamptz not null,
  received_at timestamptz not null default date_trunc('milliseconds', now()),
  staff_id uuid,
  staff_name text not null,
  primary key (booking_id, item_id)
);

-- Until now `at` was the time of arrival: the two are the same for what is already recorded.
alter table booking_visit_history add column received_at timestamptz;
update booking_visit_history set received_at = at;
alter table booking_visit_history alter column received_at set not null;
alter table booking_visit_history alter column received_at set default date_trunc('milliseconds', now());

alter table booking_notes add column received_at timestamptz;
update booking_notes set received_at = at;
alter table booking_notes alter column received_at set not null;
alter table booking_notes alter column received_at set default date_trunc('milliseconds', now());

-- A photo's capture time: the camera's own when it gave one, else when it was taken in the app.
alter table booking_images add column taken_at timestamptz;
update booking_images set taken_at = created_at;
alter table booking_images alter column taken_at set not null;
alter table booking_images alter column taken_at set default date_trunc('milliseconds', now());

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override'));
