-- The finished visits by date (decision 0098's measure): the office's "completed, newest first" read the date index
-- backwards past every future visit (5,200 at 91 visits a day, 60 days ahead) before its first finished one, as the
-- planner costs that the same as the status-and-date index. An index of the finished visits alone serves the history
-- from its newest end. Written when a job ends, never when a booking is made.
create index bookings_finished_date_idx on bookings (cleaning_date, id) where status in ('completed', 'cancelled');
