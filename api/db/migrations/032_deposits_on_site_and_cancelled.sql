-- A cancelled job's deposit (decision 0090): one the office keeps says why, who and when (it is no longer held: the
-- business has it); one refunded is a refund as any other.
create index payments_estimate_idx on payments (estimate_id) where estimate_id is not null;

alter table payments
  add column kept_reason text,
  add column kept_by text,
  add column kept_at timestamptz;

alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void', 'merge', 'restore', 'sign_in', 'sign_in_failed', 'factor_added',
                    'factor_removed', 'recovery_code_used', 'session_revoked', 'sign_in_refused', 'sms_consent',
                    'sms_keyword', 'cancel', 'deposit_kept'));
