-- The language a customer reads us in (decision 0082): the one they booked in, editable on their own page. Their
-- e-mails, calendar files, texts and pages use it. Every customer so far booked in English.
alter table customers add column locale text not null default 'en' check (locale in ('en', 'es'));
