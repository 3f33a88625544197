-- Text messages (decision 0071). Consent is kept per customer and phone as evidence: its state, when it last changed,
-- where (and for the office, who took it), and the exact disclosure the person was shown.
create table sms_consents (
  customer_id uuid not null references customers (id),
  phone text not null,
  state text not null check (state in ('granted', 'none', 'opted-out')),
  source text not null check (source in ('booking-form', 'portal', 'office', 'keyword', 'carrier')),
  staff_name text,
  disclosure text,
  changed_at timestamptz not null,
  primary key (customer_id, phone)
);
-- A STOP from a number opts it out whoever it belongs to.
create index sms_consents_phone_idx on sms_consents (phone);

-- Every text sent or received. An outbound text belongs to the outbox row it was sent for (one text per row, however
-- often the row is tried); Twilio's MessageSid is stored once, so a webhook delivered twice writes one row.
create table text_messages (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid references customers (id),
  booking_id uuid,
  outbox_id uuid unique,
  direction text not null check (direction in ('outbound', 'inbound')),
  kind text,
  phone text not null,
  body text not null,
  status text not null check (status in ('held', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received')),
  segments integer not null default 1,
  twilio_sid text unique,
  error_code integer,
  error_text text,
  staff_name text,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  -- The order they were written in, for texts of the same instant.
  seq bigint generated always as identity
);
create index text_messages_customer_idx on text_messages (customer_id, created_at desc, id desc);
create index text_messages_booking_idx on text_messages (booking_id, created_at) where booking_id is not null;
create index text_messages_phone_idx on text_messages (phone, created_at desc);

-- When the office last opened a customer's conversation: inbound texts after it are unread.
create table text_conversation_reads (
  customer_id uuid primary key references customers (id),
  read_at timestamptz not null
);

-- Links in texts, shortened to our own domain (/t/{code}): a text must fit in two segments.
create table short_links (
  code text primary key,
  url text not null,
  created_at timestamptz not null default now()
);

alter table outbox drop constraint outbox_channel_check;
alter table outbox add constraint outbox_channel_check check (channel in ('mail', 'push', 'sms'));

-- Consent changes and keywords received are audited on the customer.
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void', 'merge', 'restore', 'sign_in', 'sign_in_failed', 'factor_added',
                    'factor_removed', 'recovery_code_used', 'session_revoked', 'sign_in_refused', 'sms_consent',
                    'sms_keyword'));
