import type postgres from "postgres";
import { type Page, TOTAL_COUNTED_MAX } from "../contracts/common/paging.ts";
import { BadRequest } from "../errors.ts";
import type { Sql } from "./client.ts";
import { isUuid } from "./ids.ts";

/**
 * Keyset paging, the one way every staff list pages (decision 0059). A page is the rows after the last one shown in
 * the list's order of (sort value, id): a row inserted or changed meanwhile never shifts the rows still to come, as an
 * offset would, so none is shown twice or skipped.
 *
 * The cursor is base64url of `[order, sort value as text, id]`. Its order is checked against the request's, so a
 * cursor of another sort is refused rather than read as a position it never was.
 */

/** The SQL type a sort value is compared as; the cursor's text is checked against it before it reaches a cast. */
export type KeyType = "date" | "timestamptz" | "numeric" | "bigint" | "text";

/** One order of a list: its name (as the `sort` parameter says it), the value it sorts by, and its direction. */
export interface ListOrder {
  name: string;
  /** The SQL expression sorted by; an index on (it, id) serves the pages. */
  key: string;
  type: KeyType;
  descending: boolean;
}

export const CURSOR_INVALID = "cursor is not valid";

interface Position {
  value: string;
  id: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;

const isDay = (s: string) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === s;
};

const fitsType: Record<KeyType, (s: string) => boolean> = {
  date: isDay,
  timestamptz: (s) => {
    const m = INSTANT.exec(s);
    return m !== null && isDay(m[1]!);
  },
  numeric: (s) => NUMBER.test(s),
  bigint: (s) => /^-?\d{1,18}$/.test(s),
  text: (s) => s.length <= 400 && !s.includes("\u0000") && s.isWellFormed(),
};

export function encodeCursor(order: string, value: string, id: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify([order, value, id]));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The position a cursor names in this order; anything else is refused with 400 "cursor is not valid". */
export function decodeCursor(cursor: string, order: ListOrder): Position {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error("not base64url");
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequest(CURSOR_INVALID);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((p) => typeof p === "string")) {
    throw new BadRequest(CURSOR_INVALID);
  }
  const [name, value, id] = parsed as [string, string, string];
  if (name !== order.name || !isUuid(id) || !fitsType[order.type](value)) throw new BadRequest(CURSOR_INVALID);
  return { value, id };
}

/** A row as a paged query selects it: its own columns, its id and its sort value as text (`sort_key`). */
export interface PagedRow {
  id: string;
  sort_key: string;
}

/**
 * The pieces of a paged query: the sort value to select as `sort_key`, the condition that starts after the cursor
 * (true on the first page), and the order. `alias` is the table's alias in the query, if it has one.
 */
export function keyset(sql: Sql, order: ListOrder, cursor: string | undefined, alias = "") {
  const prefix = alias ? `${alias}.` : "";
  const key = sql.unsafe(order.key.replaceAll("{t}", prefix));
  const id = sql.unsafe(`${prefix}id`);
  const direction = sql.unsafe(order.descending ? "desc" : "asc");
  const at = cursor === undefined ? null : decodeCursor(cursor, order);
  const after = at
    ? order.descending
      ? sql`(${key}, ${id}) < (${at.value}::${sql.unsafe(order.type)}, ${at.id}::uuid)`
      : sql`(${key}, ${id}) > (${at.value}::${sql.unsafe(order.type)}, ${at.id}::uuid)`
    : sql`true`;
  return {
    sortKey: sql`${key}::text as sort_key`,
    after,
    orderBy: sql`order by ${key} ${direction}, ${id} ${direction}`,
  };
}

/**
 * The count of a list's matching rows (`rows`, a select under the list's filters), stopping one past
 * TOTAL_COUNTED_MAX: it reads at most that many rows however many match. `pageOf` makes it the page's total.
 */
export function countAtMost(sql: Sql, rows: postgres.PendingQuery<postgres.Row[]>) {
  return sql`select count(*)::int as total from (${rows} limit ${TOTAL_COUNTED_MAX + 1}) counted`;
}

/**
 * `limit + 1` rows read in order make one page: the extra row only says that another page follows. `counted` is
 * countAtMost's answer (or an exact count): past TOTAL_COUNTED_MAX the total is a lower bound, and says so.
 */
export function pageOf<R extends PagedRow, T>(
  rows: readonly R[],
  limit: number,
  order: ListOrder,
  counted: number,
  toItem: (row: R) => T,
): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: shown.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(order.name, last.sort_key, last.id) : null,
    total: Math.min(counted, TOTAL_COUNTED_MAX),
    totalIsAtLeast: counted > TOTAL_COUNTED_MAX,
  };
}

/** Conditions joined with `and`; true when there are none. */
export function allOf(sql: Sql, conditions: postgres.PendingQuery<postgres.Row[]>[]) {
  return conditions.length === 0 ? sql`true` : conditions.reduce((a, b) => sql`${a} and ${b}`);
}
