-- Customers are records (decision 0060): a customer with e-mails, phones, notes, tags and properties; every booking
-- belongs to one customer and one property. Existing bookings are linked at the end of this file.

create extension if not exists pg_trgm;

create table customers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  notes text not null default '',
  tags text[] not null default '{}',
  -- Lower-cased name, e-mails, phone digits and addresses, for the office's search (customer_search_text); written
  -- by every writer of those, in the same transaction.
  search text not null default '',
  -- A merged customer stays as a tombstone: its id answers 404, never the person it was folded into by surprise.
  merged_into uuid references customers (id),
  merged_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index customers_search_idx on customers using gin (search gin_trgm_ops);
create index customers_name_idx on customers (lower(name), id) where merged_into is null;
create index customers_created_idx on customers (created_at, id) where merged_into is null;

-- An e-mail belongs to one customer at most: a booking made with it joins that customer.
create table customer_emails (
  email text primary key check (email = lower(email)),
  customer_id uuid not null references customers (id),
  -- The first (lowest) is where mail goes.
  position integer not null default 0,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index customer_emails_customer_idx on customer_emails (customer_id, position);

-- Phones in E.164; two customers may share one (a couple, an office line): that makes them possible duplicates only.
create table customer_phones (
  customer_id uuid not null references customers (id),
  number text not null check (number ~ '^\+[1-9][0-9]{6,14}$'),
  label text not null default 'mobile',
  position integer not null default 0,
  primary key (customer_id, number)
);
create index customer_phones_number_idx on customer_phones (number);

-- A service address of a customer. `address_key` (address_key()) is how a booking's address finds it again.
create table properties (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers (id),
  street text not null,
  city text not null,
  state text not null,
  zip text not null,
  access_notes text not null default '',
  furnace_or_unit text not null default 'N/A',
  units integer not null default 1 check (units between 1 and 10),
  address_key text not null,
  archived_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  unique (customer_id, address_key)
);
-- The duplicates' "same name at the same street" looks across customers.
create index properties_address_key_idx on properties (address_key);

alter table bookings
  add column customer_id uuid references customers (id),
  add column property_id uuid references properties (id);
create index bookings_customer_idx on bookings (customer_id, cleaning_date);
create index bookings_property_idx on bookings (property_id, cleaning_date);
-- What the worker still has to link: rows written without a customer (an import, a restore, an older instance).
create index bookings_unlinked_idx on bookings (created_at) where customer_id is null;

-- The portal's session is the customer's, whichever of its e-mails signed in.
alter table customer_sessions add column customer_id uuid references customers (id);
create index customer_sessions_customer_idx on customer_sessions (customer_id);

alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check
  check (entity_type in ('booking', 'service', 'mail', 'settings', 'staff', 'price_book', 'estimate', 'invoice',
                         'customer'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('create', 'update', 'status', 'delete', 'resend', 'assign', 'invite', 'visit', 'note', 'photo',
                    'signature', 'checklist', 'override', 'archive', 'send', 'approve', 'decline', 'payment',
                    'refund', 'void', 'merge', 'restore'));

-- "12 Oak Street, Apt 2" and "12 oak st apt 2" at ZIP 28209 are one address: lower-cased, punctuation as spaces, the
-- common street words abbreviated as USPS does, with the 5-digit ZIP.
create function address_key(street text, zip text) returns text
language sql immutable parallel safe as $$
  select trim(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      ' ' || regexp_replace(lower(street), '[^a-z0-9]+', ' ', 'g') || ' ',
      ' street ', ' st ', 'g'), ' avenue ', ' ave ', 'g'), ' road ', ' rd ', 'g'), ' drive ', ' dr ', 'g'),
      ' lane ', ' ln ', 'g'), ' boulevard ', ' blvd ', 'g'), ' court ', ' ct ', 'g'), ' place ', ' pl ', 'g'),
      ' circle ', ' cir ', 'g'), ' apartment ', ' apt ', 'g'), ' suite ', ' ste ', 'g'), ' +', ' ', 'g'))
    || '|' || left(regexp_replace(zip, '[^0-9]', '', 'g'), 5)
$$;

-- A US number as the migration and SQL can read it: 10 digits (or 11 starting with 1) → +1…; anything else null.
-- The application parses phones with libphonenumber-js; this is only for rows that reach the database without it.
create function us_e164(phone text) returns text
language sql immutable parallel safe as $$
  select case
    when d ~ '^[2-9][0-9]{9}$' then '+1' || d
    when d ~ '^1[2-9][0-9]{9}$' then '+' || d
  end
  from (select regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') as d) p
$$;

-- What the office's search matches: name, e-mails, phones (with and without the country code) and addresses.
create function customer_search_text(cid uuid) returns text
language sql stable as $$
  select lower(concat_ws(' ',
    (select name from customers where id = cid),
    (select string_agg(email, ' ') from customer_emails where customer_id = cid),
    (select string_agg(substr(number, 2) || case when number like '+1%' then ' ' || substr(number, 3) else '' end, ' ')
       from customer_phones where customer_id = cid),
    (select string_agg(street || ' ' || city || ' ' || state || ' ' || zip, ' ') from properties where customer_id = cid)))
$$;

create function refresh_customer_search(cid uuid) returns void
language sql as $$
  update customers set search = customer_search_text(cid) where id = cid
$$;

-- The property of a customer at this address, made (or taken out of the archive: it is in use again) when needed.
-- Safe under concurrency: two bookings at a new address race on the unique key and both end on the one row.
create function property_for(cid uuid, p_street text, p_city text, p_state text, p_zip text, p_unit text,
                             p_units integer, out property_id uuid, out created boolean)
language plpgsql as $$
declare
  k text := address_key(p_street, p_zip);
  archived timestamptz;
begin
  created := false;
  loop
    select id, archived_at into property_id, archived from properties where customer_id = cid and address_key = k;
    if found then
      if archived is not null then
        update properties set archived_at = null, updated_at = date_trunc('milliseconds', now()) where id = property_id;
      end if;
      exit;
    end if;
    insert into properties (customer_id, street, city, state, zip, furnace_or_unit, units, address_key)
      values (cid, p_street, p_city, p_state, p_zip, coalesce(nullif(p_unit, ''), 'N/A'), least(greatest(p_units, 1), 10), k)
      on conflict (customer_id, address_key) do nothing
      returning id into property_id;
    if property_id is not null then
      created := true;
      perform refresh_customer_search(cid);
      exit;
    end if;
  end loop;
end
$$;

-- The customer and property a booking belongs to, decided from its e-mail and address alone (never from ids a caller
-- sends): the customer with this e-mail, or a new one; then its property at this address, or a new one. A phone not
-- yet on the record is added (up to 5). One call, in the booking's own transaction.
create function link_booking_customer(p_email text, p_name text, p_phone text, p_street text, p_city text,
                                      p_state text, p_zip text, p_unit text, p_units integer,
                                      out customer_id uuid, out property_id uuid)
language plpgsql as $$
#variable_conflict use_column
declare
  e text := lower(trim(p_email));
  cid uuid;
  pid uuid;
  changed boolean := false;
  made boolean;
  phones integer;
  known boolean;
begin
  loop
    select ce.customer_id into cid from customer_emails ce where ce.email = e;
    exit when found;
    insert into customers (name) values (coalesce(nullif(trim(p_name), ''), e)) returning id into cid;
    insert into customer_emails (email, customer_id) values (e, cid) on conflict do nothing;
    if found then
      changed := true;
      exit;
    end if;
    -- Another transaction took the e-mail first: drop ours and join theirs.
    delete from customers where id = cid;
  end loop;
  if p_phone is not null then
    select count(*), coalesce(bool_or(cp.number = p_phone), false) into phones, known
      from customer_phones cp where cp.customer_id = cid;
    if not known and phones < 5 then
      insert into customer_phones (customer_id, number, position)
        values (cid, p_phone, (select coalesce(max(cp.position) + 1, 0) from customer_phones cp where cp.customer_id = cid))
        on conflict do nothing;
      changed := changed or found;
    end if;
  end if;
  select pf.property_id, pf.created into pid, made
    from property_for(cid, p_street, p_city, p_state, p_zip, p_unit, p_units) pf;
  -- A new property already refreshed the search text.
  if changed and not made then
    perform refresh_customer_search(cid);
  end if;
  customer_id := cid;
  property_id := pid;
end
$$;

-- Every existing booking is linked: one customer per distinct e-mail (lower-cased), named and phoned from its oldest
-- booking; one property per distinct address of that customer (its oldest spelling); each booking to both.
create temporary table migration_customers on commit drop as
  select gen_random_uuid() as id, email, name, us_e164(contact_number) as phone, created_at
  from (
    select distinct on (lower(trim(email))) lower(trim(email)) as email,
      trim(first_name || ' ' || last_name) as name, contact_number, created_at
    from bookings
    order by lower(trim(email)), created_at, id
  ) oldest;

insert into customers (id, name, created_at, updated_at)
  select id, coalesce(nullif(name, ''), email), created_at, created_at from migration_customers;
insert into customer_emails (email, customer_id, created_at) select email, id, created_at from migration_customers;
insert into customer_phones (customer_id, number) select id, phone from migration_customers where phone is not null;

update bookings b set customer_id = m.id from migration_customers m where m.email = lower(trim(b.email));

insert into properties (customer_id, street, city, state, zip, furnace_or_unit, units, address_key, created_at,
                        updated_at)
  select distinct on (customer_id, address_key(home_address, zip))
    customer_id, home_address, city, state, zip, furnace_or_unit, unit_count, address_key(home_address, zip),
    created_at, created_at
  from bookings
  order by customer_id, address_key(home_address, zip), created_at, id;

update bookings b set property_id = p.id
  from properties p where p.customer_id = b.customer_id and p.address_key = address_key(b.home_address, b.zip);

update customers set search = customer_search_text(id);

update customer_sessions s set customer_id = ce.customer_id from customer_emails ce where ce.email = s.email;
