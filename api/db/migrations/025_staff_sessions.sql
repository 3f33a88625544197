-- Staff sign-in (issue 43): every sign-in is a session one can see and end, a second factor (TOTP with recovery
-- codes), the login's second step kept here so any instance can finish it, and the business's sign-in policy.

-- A session: the token names it (claim `sid`), so one device can be signed out alone. `factors` and `verified_at`
-- are the latest sign-in or step-up on it: what a step-up action checks.
create table staff_sessions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references admin_users (id) on delete cascade,
  device text not null,
  user_agent text not null default '',
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  last_address text not null default '',
  factors text[] not null,
  verified_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  -- The policy requires a second factor the person had not when signing in: nothing else until it is set up.
  setup_required boolean not null default false
);
create index staff_sessions_staff_idx on staff_sessions (staff_id, created_at desc);

-- One TOTP secret per person: pending until confirmed by a first code. `last_step` is the newest time step a code
-- was accepted for: a code is never accepted twice, nor one older than the last.
create table staff_totp (
  staff_id uuid primary key references admin_users (id) on delete cascade,
  secret text not null,
  confirmed_at timestamptz,
  last_step bigint not null default 0,
  created_at timestamptz not null
);

-- Recovery codes: only a SHA-256 of each is kept; each works once.
create table staff_recovery_codes (
  staff_id uuid not null references admin_users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);

-- The login's second step: a random challenge (only its SHA-256 here), 5 wrong codes lock it, single use.
create table staff_mfa_challenges (
  token_hash text primary key,
  staff_id uuid not null references admin_users (id) on delete cascade,
  failures int not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index staff_mfa_challenges_staff_idx on staff_mfa_challenges (staff_id);

-- The sign-in policy (owner only): who must have a second factor. One row once an owner saved it; none = nobody.
create table sign_in_policy (
  id boolean primary key default true check (id),
  require_office boolean not null,
  require_technicians boolean not null,
  updated_at timestamptz not null
);

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void', 'merge', 'restore', 'sign_in', 'sign_in_failed', 'factor_added',
                    'factor_removed', 'recovery_code_used', 'session_revoked'));
