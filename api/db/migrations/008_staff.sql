-- Staff (issue 16): every signed-in person is a staff member with a role. The admins table grows into the staff
-- table rather than being copied: ids, e-mails, password hashes and token versions stay, so signed-in admins stay
-- signed in. The admins there before this are owners (they came from ADMIN_EMAIL or the first embedded start).
alter table admin_users add column role text not null default 'owner'
  check (role in ('owner', 'admin', 'technician'));
alter table admin_users alter column role set default 'admin';
alter table admin_users add column phone text not null default '';
-- A CSS hex colour for the schedule.
alter table admin_users add column color text not null default '#2563eb';
alter table admin_users add column status text not null default 'active'
  check (status in ('invited', 'active', 'deactivated'));
alter table admin_users add column last_sign_in_at timestamptz;
-- An invited person has no password until they accept the invitation (and keeps none if deactivated before).
alter table admin_users alter column password_hash drop not null;
alter table admin_users add constraint admin_users_password_when_active
  check (status <> 'active' or password_hash is not null);

-- Invitation links: only a SHA-256 of the token is kept; single use, 7 days (expires_at is the app clock's).
create table staff_invitations (
  token_hash text primary key,
  staff_id uuid not null references admin_users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index staff_invitations_staff_idx on staff_invitations (staff_id);

-- Each booking has at most one technician. A technician holds one job per date and slot: checked under a lock of
-- the technician's row by the change path (to answer 409 with their name), and held by this index whatever writes.
alter table bookings add column technician_id uuid references admin_users (id);
create unique index bookings_technician_slot_idx on bookings (technician_id, cleaning_date, cleaning_time)
  where technician_id is not null and status <> 'cancelled';

-- Assignments are audited like other changes; invitations and staff changes too.
alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings', 'staff'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite'));
