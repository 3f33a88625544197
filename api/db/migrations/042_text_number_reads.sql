-- When the office last opened the texts of a number on no customer's record: its inbound texts after it are unread,
-- as a customer's conversation's are (text_conversation_reads).
create table text_number_reads (
  phone text primary key,
  read_at timestamptz not null
);

-- The texts of numbers on no record, by number: their list, their texts and their unread count, without reading the
-- customers' texts.
create index text_messages_unlinked_idx on text_messages (phone, created_at) where customer_id is null;
