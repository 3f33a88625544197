import { useEffect, useRef } from "react";
import "./ListMore.css";

/** 30000 → "30,000", without Intl (its first number format loads locale data). */
export const formatCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

interface ListMoreProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** What a failed "more" said, if the last one failed. */
  problem?: string | null;
}

/**
 * The foot of a paged staff list: "Showing 50 of 30,000" and Show more. The next page also comes by itself when the
 * button scrolls into view, so a long list reads like one; the button stays for keyboards and for a failed page.
 */
export function ListMore({ shown, total, hasMore, loadingMore, onMore, problem }: ListMoreProps) {
  const button = useRef<HTMLButtonElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });

  useEffect(() => {
    const target = button.current;
    // Not after a failure: it would ask again and again while the button is on screen.
    if (!target || !hasMore || problem || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, problem]);

  if (total === 0) return null;
  return (
    <div className="list-more">
      <p className="list-more__count" role="status">
        Showing {formatCount(shown)} of {formatCount(total)}
      </p>
      {problem && (
        <p className="banner banner-error list-more__problem" role="alert">
          {problem}
        </p>
      )}
      {hasMore && (
        <button ref={button} type="button" className="btn btn-outline" disabled={loadingMore} onClick={onMore}>
          {loadingMore ? "Loading more..." : problem ? "Try again" : "Show more"}
        </button>
      )}
    </div>
  );
}
