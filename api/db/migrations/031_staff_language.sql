-- The language a staff member works in: their screens on the technician's tablet, the device queue's messages and
-- the office's copies of a job's documents. English unless they choose Spanish in their account.
alter table admin_users add column locale text not null default 'en' check (locale in ('en', 'es'));
