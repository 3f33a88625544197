-- The customer's manage link: a secret per booking, never the booking id. Two v4 UUIDs come from Postgres's
-- strong random source (244 random bits); the default also gives every existing booking its own.
alter table bookings add column manage_token text not null
  default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
create unique index bookings_manage_token_idx on bookings (manage_token);

-- Admins read contact messages in the dashboard; null = unread.
alter table contact_messages add column read_at timestamptz;
create index contact_messages_created_idx on contact_messages (created_at desc);

-- Every e-mail, written in the same transaction as the change it tells of, then sent by a worker.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  -- No foreign keys: the record of what was sent outlives a deleted booking or message.
  booking_id uuid,
  contact_message_id uuid,
  to_address text not null,
  subject text not null,
  -- The whole rendered message (text, html, attachments) as nodemailer options, fixed at the time of the change.
  message jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  sent_at timestamptz,
  seq bigint generated always as identity
);

create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_booking_idx on mail_outbox (booking_id, seq);
