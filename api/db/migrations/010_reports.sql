-- Reports (issue 18): a customer's bookings by e-mail (case aside), for new-versus-returning and the customers CSV.
-- The period's bookings are found by visit date on bookings_slot_idx (cleaning_date, cleaning_time).
create index bookings_customer_idx on bookings (lower(email), cleaning_date);
