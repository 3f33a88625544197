-- Staff lists are server queries (decision 0059): every list pages by keyset on (sort value, id) and searches through
-- trigram indexes, which Postgres and the embedded PGlite (with its pg_trgm extension loaded) both have.
create extension if not exists pg_trgm;

-- What a booking's search matches, lower-cased: the customer's names, e-mail, address, city and ZIP, and the phone's
-- digits alone, so "5550131" and "555-0131" both find "(704) 555-0131".
alter table bookings add column search_text text generated always as (
  lower(first_name || ' ' || last_name || ' ' || email || ' ' || home_address || ' ' || city || ' ' || zip) || ' '
    || regexp_replace(contact_number, '[^0-9]', '', 'g')
) stored;
create index bookings_search_idx on bookings using gin (search_text gin_trgm_ops);

-- One index per sort, ending with the id the keyset compares last.
create index bookings_created_id_idx on bookings (created_at, id);
create index bookings_date_id_idx on bookings (cleaning_date, id);
create index bookings_amount_id_idx on bookings (estimated_price, id);
create index bookings_name_id_idx on bookings (lower(last_name || ' ' || first_name), id);
create index bookings_updated_id_idx on bookings (updated_at, id);
drop index if exists bookings_updated_at_idx;
-- A technician's own jobs by date (My Jobs), and the filters that narrow the office's lists.
create index bookings_technician_date_idx on bookings (technician_id, cleaning_date, id);
create index bookings_status_created_idx on bookings (status, created_at, id);
-- The customers' migration indexes a customer's and a property's visits by date; the lists page them newest first.
create index bookings_customer_created_idx on bookings (customer_id, created_at, id);
create index bookings_property_created_idx on bookings (property_id, created_at, id);

-- Contact messages: searched over name, e-mail, phone digits and the message.
alter table contact_messages add column search_text text generated always as (
  lower(name || ' ' || email || ' ' || message) || ' ' || regexp_replace(phone, '[^0-9]', '', 'g')
) stored;
create index contact_messages_search_idx on contact_messages using gin (search_text gin_trgm_ops);
create index contact_messages_created_id_idx on contact_messages (created_at, id);
create index contact_messages_name_id_idx on contact_messages (lower(name), id);
drop index if exists contact_messages_created_idx;

-- Estimates and invoices: found by their number (and, through the booking, the customer's name); they page by their
-- number's seq, an invoice also by its total or due date.
create index estimates_number_trgm_idx on estimates using gin (lower(number) gin_trgm_ops);
create index estimates_seq_id_idx on estimates (seq, id);
create index invoices_number_trgm_idx on invoices using gin (lower(number) gin_trgm_ops);
create index invoices_seq_id_idx on invoices (seq, id);
create index invoices_total_id_idx on invoices (total_cents, id);
create index invoices_due_id_idx on invoices (due_at, id);
