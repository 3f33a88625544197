-- The customer's own page (decision 0056). Numbered apart from the money documents' migrations, which land beside it.

-- A sign-in link e-mailed to a customer: only the SHA-256 of its random token is kept; good for 15 minutes, once.
create table portal_sign_in_tokens (
  token_hash text primary key,
  email text not null check (email = lower(email)),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index portal_sign_in_tokens_expiry_idx on portal_sign_in_tokens (expires_at);

-- A customer's session: an opaque `cust_` token (its SHA-256 kept), scoped to a lower-cased e-mail address, 30 days,
-- revoked by signing out.
create table customer_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  email text not null check (email = lower(email)),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index customer_sessions_email_idx on customer_sessions (email);

-- "How did we do?": one rating per visit, whatever its stars, kept for the office (no review gating). The technician
-- is copied as the visit had them, so a later reassignment or deletion does not move the rating.
create table booking_ratings (
  booking_id uuid primary key,
  email text not null check (email = lower(email)),
  stars smallint not null check (stars between 1 and 5),
  comment text not null default '',
  technician_id uuid,
  technician_name text,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index booking_ratings_technician_idx on booking_ratings (technician_id, created_at);

-- The customer's own switch for visit reminders (rebook reminders keep unsubscribed_at).
alter table mail_preferences add column visit_reminders_off_at timestamptz;

-- Settings: the rating e-mail on or off, and the business's public review page offered after 4 or 5 stars.
alter table business_settings
  add column rating_email boolean not null default true,
  add column review_url text not null default '';
