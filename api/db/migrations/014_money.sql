-- Money documents (estimates now, invoices later) are taxed at the business's rate, on taxable lines only.
alter table business_settings
  add column tax_rate_percent numeric(4, 2) not null default 0 check (tax_rate_percent between 0 and 20),
  add column tax_label text not null default 'Sales tax';

-- The last number given out per kind of document. A document's number is taken in the transaction that writes the
-- document (api/db/numbers.ts): the row stays locked until that transaction ends, so numbers follow each other in
-- commit order, and a transaction that rolls back gives its number back: no gaps.
create table document_counters (
  kind text primary key check (kind in ('estimate', 'invoice')),
  last_number bigint not null check (last_number > 0)
);
