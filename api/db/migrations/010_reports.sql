-- Reports (issue 18): the customers seen before a period (new versus returning) are read by visit date with their
-- e-mail from the index alone; the period's bookings themselves come from bookings_slot_idx (cleaning_date, ...).
create index bookings_date_customer_idx on bookings (cleaning_date, lower(email));
