-- The reports' membership figures read only what counts today, so they stay quick however many memberships ended:
-- the members by plan, the renewals of the coming days and the past-due ones, each through a partial index, and a
-- month of plan invoices through the day they were paid.
create index memberships_counting_plan_idx on memberships (plan_id) where status in ('active', 'past_due', 'cancelling');
create index memberships_renewal_idx on memberships (current_period_end) where status = 'active';
create index memberships_past_due_idx on memberships (current_period_end) where status = 'past_due';
create index plan_invoices_paid_at_idx on plan_invoices (paid_at) where paid_at is not null;

-- A membership cancelled at once refunds the unused part of the period it paid for: how much, and the provider's
-- refund, on the plan invoice that paid the period.
alter table plan_invoices add column refunded_cents bigint not null default 0;
alter table plan_invoices add column refund_id text;
