import type { Page } from "@contracts/common/paging.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { takeEarly } from "./earlyReads.ts";
import { request } from "./http.ts";
import type { Loaded } from "./useLoad.ts";

/** A staff list read a page at a time from the server: what is shown, and the ways to read more or again. */
export interface PagedList<T> {
  /** "loading" until the first page answers (and again after `reload` or a change of query). */
  state: "loading" | "ready" | "failed";
  /** The rows of every page read so far, in the server's order. */
  rows: T[];
  /** How many rows match the query in all, as the last page said (at least this many with `totalIsAtLeast`). */
  total: number;
  /** True when the server counted only so far: more rows than `total` match ("1,000+"). */
  totalIsAtLeast: boolean;
  /** The first page's failure, or the last failed "more". */
  error: unknown;
  /** True while a next page exists. */
  hasMore: boolean;
  /** True while the next page is on its way. */
  loadingMore: boolean;
  /** Reads the next page and adds it below (nothing while one is on its way or none is left). */
  loadMore: () => void;
  /** Reads the first page again, showing the loading state meanwhile. */
  reload: () => void;
  /** Reads the first page again behind what is shown (a live event, a reconnection): the rows stay until it answers. */
  refresh: () => void;
  /** Changes the rows shown (a live event, the answer of a save), as they are. */
  update: (change: (rows: T[]) => T[]) => void;
}

/** Where a list's first page stands, as LoadState reads it: its rows once they are here. */
export function pagedLoad<T>(list: PagedList<T>): Loaded<T[]> {
  if (list.state === "ready") return { state: "ready", data: list.rows };
  return list.state === "failed" ? { state: "failed", error: list.error } : { state: "loading" };
}

/** The query string of a list: empty values are left out, so a blank filter is no filter. */
export function listQuery(params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  return query.toString();
}

interface Shown<T> {
  key: string;
  rows: T[];
  total: number;
  totalIsAtLeast: boolean;
  nextCursor: string | null;
}

/**
 * One paged list: `path` (e.g. "/api/bookings") with `query` (listQuery's filters, search and sort). The first page
 * is read when the screen opens and again whenever the query changes; an answer to a query that is no longer the
 * screen's is dropped. `loadMore` follows `nextCursor`, so rows are never shown twice or skipped while paging.
 */
export function usePagedList<T>(path: string, query: string): PagedList<T> {
  const key = query ? `${path}?${query}` : path;
  const [round, setRound] = useState(0);
  const [shown, setShown] = useState<Shown<T> | null>(null);
  const [error, setError] = useState<{ key: string; error: unknown } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The key the screen waits for; answers to another are dropped. */
  const current = useRef(key);

  /** The latest first-page read: an earlier one answering after it (a refresh racing a refresh) is dropped. */
  const latest = useRef(0);

  const readFirst = useCallback(
    (keepShown: boolean) => {
      const asked = key;
      const seq = ++latest.current;
      (takeEarly<Page<T>>(asked) ?? request<Page<T>>(asked, { auth: true })).then(
        (page) => {
          if (current.current !== asked || latest.current !== seq) return;
          setShown({
            key: asked,
            rows: page.data,
            total: page.total,
            totalIsAtLeast: page.totalIsAtLeast === true,
            nextCursor: page.nextCursor,
          });
          setError(null);
        },
        (failure: unknown) => {
          if (current.current !== asked || latest.current !== seq) return;
          if (!keepShown) setShown(null);
          setError({ key: asked, error: failure });
        },
      );
    },
    [key],
  );

  useEffect(() => {
    current.current = key;
    readFirst(false);
  }, [key, readFirst, round]);

  const ready = shown !== null && shown.key === key ? shown : null;
  const nextCursor = ready?.nextCursor ?? null;

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore) return;
    const asked = key;
    setLoadingMore(true);
    const separator = asked.includes("?") ? "&" : "?";
    request<Page<T>>(`${asked}${separator}cursor=${encodeURIComponent(nextCursor)}`, { auth: true })
      .then(
        (page) => {
          if (current.current !== asked) return;
          setShown((s) =>
            s && s.key === asked && s.nextCursor === nextCursor
              ? {
                  key: asked,
                  rows: [...s.rows, ...page.data],
                  total: page.total,
                  totalIsAtLeast: page.totalIsAtLeast === true,
                  nextCursor: page.nextCursor,
                }
              : s,
          );
        },
        (failure: unknown) => {
          if (current.current === asked) setError({ key: asked, error: failure });
        },
      )
      .finally(() => setLoadingMore(false));
  }, [key, nextCursor, loadingMore]);

  const reload = useCallback(() => {
    setShown(null);
    setRound((n) => n + 1);
  }, []);
  const refresh = useCallback(() => readFirst(true), [readFirst]);
  const update = useCallback(
    (change: (rows: T[]) => T[]) => setShown((s) => (s ? { ...s, rows: change(s.rows) } : s)),
    [],
  );

  const failed = error?.key === key ? error.error : null;
  return {
    state: ready ? "ready" : failed !== null ? "failed" : "loading",
    rows: ready?.rows ?? [],
    total: ready?.total ?? 0,
    totalIsAtLeast: ready?.totalIsAtLeast ?? false,
    error: failed,
    hasMore: nextCursor !== null,
    loadingMore,
    loadMore,
    reload,
    refresh,
    update,
  };
}
