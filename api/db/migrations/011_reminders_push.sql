-- Reminders and push (issue 19).

-- A message the worker decided not to send when it fell due (its kind turned off in Settings, the customer
-- unsubscribed or booked again, a push subscription gone): kept as a record, never retried.
alter table mail_outbox drop constraint mail_outbox_status_check;
alter table mail_outbox add constraint mail_outbox_status_check
  check (status in ('pending', 'sent', 'failed', 'skipped'));
-- The one outbox carries e-mails and web pushes to staff devices; one worker loop sends both.
alter table mail_outbox add column channel text not null default 'mail' check (channel in ('mail', 'push'));
-- A completed visit has one rebook reminder at most (any status): found by booking and kind.
create index mail_outbox_booking_kind_idx on mail_outbox (booking_id, kind);

-- Which reminders the business sends; both on until the owner turns one off in Settings.
alter table business_settings add column reminders jsonb not null default '{"visit": true, "rebook": true}';

-- A customer's marketing e-mail preference, by lower-cased address. The token of the one-click unsubscribe link
-- is made when the first rebook reminder is written, and stays the same for every later one: like a manage token,
-- two v4 UUIDs from Postgres's strong random source (migration 004).
create table mail_preferences (
  email text primary key check (email = lower(email)),
  unsubscribe_token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  unsubscribed_at timestamptz
);

-- A staff device's push subscription: the endpoint its browser gave and the keys to encrypt for it (RFC 8291).
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references admin_users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index push_subscriptions_staff_idx on push_subscriptions (staff_id);

-- The VAPID key pair (RFC 8292) when none is configured: made by the first start, the same for every instance.
create table push_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key text not null
);
