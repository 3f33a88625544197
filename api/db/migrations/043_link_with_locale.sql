-- A new booking links its customer and keeps the language they booked in (decision 0082) in the insert's own
-- statement: one round trip fewer than a separate update after it. The nine-argument function stays for rows linked
-- without a language known (the worker's batches, an older instance during a rolling upgrade).
create function link_booking_customer(p_email text, p_name text, p_phone text, p_street text, p_city text,
                                      p_state text, p_zip text, p_unit text, p_units integer, p_locale text,
                                      out customer_id uuid, out property_id uuid)
language plpgsql as $$
begin
  select l.customer_id, l.property_id into customer_id, property_id
    from link_booking_customer(p_email, p_name, p_phone, p_street, p_city, p_state, p_zip, p_unit, p_units) l;
  update customers c set locale = p_locale where c.id = customer_id and c.locale <> p_locale;
end
$$;
