-- One row per deleted booking, written in the same transaction as the delete: a dashboard that was away when the
-- bookingDeleted event went out learns of it at its catch-up (GET /api/bookings/deleted?since=). Only the id and
-- the instant, no personal data. No foreign key: the booking is gone. Rows older than DELETION_RETENTION_MS
-- (api/contracts/events.ts, 30 days) are purged by the deletes themselves (decision 0018).
create table booking_deletions (
  booking_id uuid primary key,
  -- The transaction's instant, to the millisecond, like bookings.updated_at: the bookingDeleted event's updatedAt.
  deleted_at timestamptz not null default date_trunc('milliseconds', now())
);

create index booking_deletions_deleted_at_idx on booking_deletions (deleted_at);
