import type postgres from "postgres";
import type { Sql } from "./client.ts";
import { allOf } from "./paging.ts";

/**
 * The office's search (decisions 0059 and 0098): every word of `q` must be found. A word is found where a word of the
 * row begins with it, through the index of the row's words (a GIN index of `search_words()`); only when no row has
 * such words is it looked for anywhere in the row's text (a part inside a word, an e-mail's domain), through the
 * trigram index. A common run of letters ("customer", "son", "gmail") is in a large share of the rows, and the
 * trigram index reads every row's posting of it; the words' index reads only the words that begin with what was typed.
 */

/** The words of a search as it reads them: lower-cased, one of digits and phone separators as its digits alone. */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => (/^[\d()+.-]+$/.test(word) && /\d/.test(word) ? word.replace(/\D/g, "") : word));
}

/** The `like` patterns of a search, each word anywhere; LIKE's wildcards in `q` are taken literally. */
export function searchPatterns(q: string): string[] {
  return searchWords(q).map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * The text-search query of words that begin with each word of `q` (`'dana':* & 'whit':*`), quoted so that no
 * character of theirs is read as an operator; null when no word holds a letter or a digit (nothing a word begins with).
 */
export function prefixQuery(q: string): string | null {
  const words = searchWords(q).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  return words.map((word) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`).join(" & ");
}

/**
 * Whether a document's number (`column`, lower-cased) is found by the whole search: when it begins or ends with it.
 * "INV-000131", "000131" and "131" find INV-000131 and "INV-0001" the numbers that begin so, where a part anywhere
 * ("0131" in INV-013100) would find a hundred other numbers in a long history.
 */
export function numberFound(sql: Sql, column: postgres.PendingQuery<postgres.Row[]>, q: string) {
  const whole = q
    .toLowerCase()
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`(${column} like ${`${whole}%`} or ${column} like ${`%${whole}`})`;
}

/** The tables searched by words, each with the text column its trigram index covers. */
const SEARCHED = { bookings: "search_text", customers: "search" } as const;

/** The ids of the rows of `table` that `q` finds (above); null when `q` is blank. */
export function searchedIds(sql: Sql, table: keyof typeof SEARCHED, q: string) {
  const patterns = searchPatterns(q);
  if (patterns.length === 0) return null;
  const rows = sql.unsafe(table);
  const text = sql.unsafe(SEARCHED[table]);
  const anywhere = allOf(
    sql,
    patterns.map((p) => sql`w.${text} like ${p}`),
  );
  const prefix = prefixQuery(q);
  if (prefix === null) return sql`select w.id from ${rows} w where ${anywhere}`;
  const starts = sql`to_tsquery('simple', ${prefix})`;
  // search_words() is the expression the words' index is built on (migration 038). The words' matches are read once
  // (materialized), and the trigram scan below runs only when they are none: `not exists` of them is a one-time
  // filter (asked of the table itself, the planner chose to scan it whole for the first row that matches).
  return sql`
    with starts as materialized (select w.id from ${rows} w where search_words(w.${text}) @@ ${starts})
    select id from starts
    union all
    select w.id from ${rows} w where ${anywhere} and not exists (select from starts)`;
}

/**
 * A numbered document (an estimate or an invoice, `alias` in the query) that `q` finds: by the end of its number,
 * or by its booking's customer (the bookings' search). Null when `q` is blank.
 */
export function documentSearch(sql: Sql, table: "estimates" | "invoices", alias: string, q: string) {
  const bookings = searchedIds(sql, "bookings", q);
  if (bookings === null) return null;
  const documents = sql.unsafe(table);
  // Two index reads joined by a union rather than one `or` over a join.
  return sql`${sql.unsafe(alias)}.id in (
    select n.id from ${documents} n where ${numberFound(sql, sql`lower(n.number)`, q)}
    union select c.id from ${documents} c where c.booking_id = any(array(${bookings})))`;
}
