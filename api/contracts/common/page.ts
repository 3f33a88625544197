// The page of a staff list and its limits, without the query's schemas (paging.ts): a screen that only reads pages
// (My Jobs) does not load valibot for them.

/** Rows a staff list answers when the caller does not say. */
export const PAGE_LIMIT_DEFAULT = 50;
/** The most rows one page may hold: no staff list grows with the whole history. */
export const PAGE_LIMIT_MAX = 100;

/**
 * One page of a staff list: its rows, the cursor of the next page (null on the last), and how many rows match the
 * filters in all. The cursor is opaque: a client hands it back as it came.
 */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}
