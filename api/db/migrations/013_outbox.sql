-- The one table of everything sent later (e-mails, staff pushes, reminders) is named for what it is.
alter table mail_outbox rename to outbox;
alter index mail_outbox_pkey rename to outbox_pkey;
alter index mail_outbox_due_idx rename to outbox_due_idx;
alter index mail_outbox_booking_idx rename to outbox_booking_idx;
alter index mail_outbox_booking_kind_idx rename to outbox_booking_kind_idx;
alter table outbox rename constraint mail_outbox_status_check to outbox_status_check;
alter table outbox rename constraint mail_outbox_channel_check to outbox_channel_check;
-- An instance still running the previous release reads and writes the old name until it is replaced (a rolling
-- deploy): a plain view of the table is updatable and lockable, so it keeps working. Drop it one release later.
create view mail_outbox as select * from outbox;
