-- When a plan invoice's refund was given: the reports count it in that month, beside the plan invoices paid then.
-- A membership ends with its refund, so a plan invoice has at most one. Refunds recorded before this column have
-- none, and count in no month.
alter table plan_invoices add column refunded_at timestamptz;
create index plan_invoices_refunded_at_idx on plan_invoices (refunded_at) where refunded_at is not null;
