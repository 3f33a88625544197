-- Search by the start of words (decision 0098): the bookings' and the customers' search texts get a second index, of
-- their words, so that finding "whitfield" or "0131" reads the postings of the words that begin so, however many rows
-- share a common run of letters (every "Customer…" of a seed, every "…son", every "gmail"). The trigram indexes stay
-- for what no word begins with: the search falls back to them when no row has such words.
--
-- An index of an expression rather than a stored column: adding a stored column would rewrite the bookings table
-- under a lock that stops its reads for the whole migration; an index only holds its writes while it is built.

-- The words of a search text. `simple` lower-cases and keeps every word (no stemming, no stop words), in Postgres and
-- PGlite alike. A number of ten or more digits (a phone's digits, with or without the country code) also gives its
-- last seven and its last four, so "555-0131" and "0131" are words a phone begins with.
create function search_words(search text) returns tsvector
language sql immutable parallel safe as $$
  select to_tsvector('simple', regexp_replace(search, '\m([0-9]{3,4})([0-9]{3})([0-9]{4})\M', '\1\2\3 \2\3 \3', 'g'))
$$;

create index bookings_words_idx on bookings using gin (search_words(search_text));
create index customers_words_idx on customers using gin (search_words(search));
