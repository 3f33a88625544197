// The page of a staff list and its limits, without the query's schemas (paging.ts): a screen that only reads pages
// (My Jobs) does not load valibot for them.

/** Rows a staff list answers when the caller does not say. */
export const PAGE_LIMIT_DEFAULT = 50;
/** The most rows one page may hold: no staff list grows with the whole history. */
export const PAGE_LIMIT_MAX = 100;

/**
 * The most rows a list's `total` counts: a count costs what reading that many rows does, never the whole history.
 * Beyond it, `total` is this number and `totalIsAtLeast` says there are more.
 */
export const TOTAL_COUNTED_MAX = 1000;

/**
 * One page of a staff list: its rows, the cursor of the next page (null on the last), and how many rows match the
 * filters in all. The cursor is opaque: a client hands it back as it came.
 */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  /** How many rows match, exactly, up to TOTAL_COUNTED_MAX; with `totalIsAtLeast`, at least this many. */
  total: number;
  /**
   * True when more rows match than were counted ("1,000+"). The server always says it; a page put together on the
   * device (the offline window) may leave it out, as an exact count.
   */
  totalIsAtLeast?: boolean;
}
