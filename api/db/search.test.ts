import assert from "node:assert/strict";
import { createTestDatabase } from "../testing/database.ts";
import { prefixQuery, searchedIds } from "./search.ts";

Deno.test("a search's words are quoted for the text-search query: no character of theirs is an operator", () => {
  assert.equal(prefixQuery("  Dana   WHIT "), "'dana':* & 'whit':*");
  assert.equal(prefixQuery("(704) 555-0131"), "'704':* & '5550131':*");
  assert.equal(prefixQuery("o'brien a\\b & !x"), "'o''brien':* & 'a\\\\b':* & '!x':*");
  assert.equal(prefixQuery("- &"), null);
});

Deno.test(
  "the office's search finds words by their start, and a part inside a word when no word begins so",
  async (t) => {
    const db = await createTestDatabase();
    const { sql } = db;
    try {
      const add = async (first: string, last: string, email: string, phone: string, street: string) => {
        const [row] = await sql<{ id: string }[]>`
        insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
          service_type, unit_count, cleaning_date, cleaning_time, original_price, discount_amount, estimated_price)
        values (${first}, ${last}, ${email}, ${phone}, ${street}, 'Charlotte', 'NC', '28209', 'air-duct-cleaning', 1,
          '2026-05-01', '9:00 AM', 100, 0, 100)
        returning id`;
        return row!.id;
      };
      const ana = await add("Ana", "Whitfield", "ana@mail.test", "(704) 555-0131", "12 Oak St");
      const diana = await add("Diana", "Brookfield", "dbrook@work.example", "980.555.7777", "40 Elm Ave");
      const obrien = await add("Sean", "O'Brien", "sean@mail.test", "704-555-2222", "9 Park Rd");
      const found = async (q: string) => {
        const ids = searchedIds(sql, "bookings", q);
        assert.ok(ids);
        return (await sql<{ id: string }[]>`${ids}`).map((r) => r.id).sort();
      };

      await t.step("every word must begin a word of the row, in any case and order", async () => {
        assert.deepEqual(await found("ANA"), [ana]);
        assert.deepEqual(await found("whit ana"), [ana]);
        assert.deepEqual(await found("ana oak"), [ana]);
        assert.deepEqual(await found("ana zebra"), []);
      });

      await t.step("a part inside a word is found when no row has a word that begins with it", async () => {
        assert.deepEqual(await found("field"), [ana, diana].sort());
        assert.deepEqual(await found("work.example"), [diana]);
      });

      await t.step("a phone by its digits, its last seven or its last four, however it was written", async () => {
        assert.deepEqual(await found("7045550131"), [ana]);
        assert.deepEqual(await found("555-0131"), [ana]);
        assert.deepEqual(await found("0131"), [ana]);
        assert.deepEqual(await found("(980)"), [diana]);
      });

      await t.step("quotes and operators in a search are text", async () => {
        assert.deepEqual(await found("o'brien"), [obrien]);
        assert.deepEqual(await found("o'b & !x"), []);
        assert.deepEqual(await found("%"), []);
      });
    } finally {
      await db.close();
    }
  },
);
