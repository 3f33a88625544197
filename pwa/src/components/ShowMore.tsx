import { useEffect, useEffectEvent, useRef } from "react";
import { formatCount, formatTotal } from "@contracts/common/counts.ts";
import type { PagedList } from "../lib/usePagedList.ts";
import "./ShowMore.css";

interface Props {
  shown: number;
  total: number;
  /** The server counted only so far: at least `total` rows match. */
  totalIsAtLeast?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** What the rows are, for the count ("bookings"); without it the count says only the numbers. */
  noun?: string;
  /** What a failed "more" said, if the last one failed. */
  problem?: string | null;
}

/** The foot's figures and its "more" of a paged list: `<ShowMore {...pagedFoot(list)} noun="…" />`. */
export const pagedFoot = <T,>(list: PagedList<T>) => ({
  shown: list.rows.length,
  total: list.total,
  totalIsAtLeast: list.totalIsAtLeast,
  hasMore: list.hasMore,
  loadingMore: list.loadingMore,
  onMore: list.loadMore,
});

/**
 * The foot of a paged list: how many rows are shown of how many match, and Show more. The next page also loads by
 * itself when the foot scrolls into view, so a person scrolling a long list is not stopped every 50 rows; the button
 * stays for keyboards and for a page that failed (which does not ask again by itself).
 */
export function ShowMore({ shown, total, totalIsAtLeast = false, hasMore, loadingMore, onMore, noun, problem }: Props) {
  const foot = useRef<HTMLDivElement>(null);
  const more = useEffectEvent(onMore);

  useEffect(() => {
    const element = foot.current;
    if (!hasMore || problem || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, problem]);

  if (total === 0 && shown === 0) return null;
  return (
    <div className="show-more" ref={foot}>
      <p className="show-more__count" aria-live="polite">
        {/* A bound is still a bound once more rows than it are shown, until the last page. */}
        Showing {formatCount(shown)} of {formatTotal(Math.max(total, shown), totalIsAtLeast && hasMore)}
        {noun ? ` ${noun}` : ""}
      </p>
      {problem && (
        <p className="banner banner-error show-more__problem" role="alert">
          {problem}
        </p>
      )}
      {hasMore && (
        <button type="button" className="btn btn-outline show-more__button" disabled={loadingMore} onClick={onMore}>
          {loadingMore ? "Loading more..." : problem ? "Try again" : "Show more"}
        </button>
      )}
    </div>
  );
}
