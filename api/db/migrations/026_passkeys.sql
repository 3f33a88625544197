-- Staff passkeys (WebAuthn). The credential's id and COSE public key as the authenticator gave them; the signature
-- counter it last reported, to refuse a cloned authenticator whose counter goes backwards.
create table staff_passkeys (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references admin_users (id) on delete cascade,
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  last_used_at timestamptz
);
create index staff_passkeys_staff_idx on staff_passkeys (staff_id, created_at);

-- Challenges of ceremonies under way, kept in the database so that any instance finishes what another began. Taken
-- (deleted) once; expires_at is the app clock's. A registration's belongs to the person who asked for it.
create table webauthn_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('register', 'authenticate')),
  staff_id uuid references admin_users (id) on delete cascade,
  expires_at timestamptz not null
);
create index webauthn_challenges_expiry_idx on webauthn_challenges (expires_at);

-- Passkeys added, renamed, removed, used to sign in, and sign-ins refused are audited.
alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings', 'staff', 'price_book', 'estimate', 'invoice',
                         'customer', 'passkey'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void', 'merge', 'restore', 'sign_in', 'sign_in_failed', 'factor_added',
                    'factor_removed', 'recovery_code_used', 'session_revoked', 'sign_in_refused'));
