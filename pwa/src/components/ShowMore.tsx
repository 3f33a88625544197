import { useEffect, useEffectEvent, useRef } from "react";
import "./ShowMore.css";

interface Props {
  shown: number;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** What the rows are, for the count ("bookings"). */
  noun: string;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The foot of a paged list: how many rows are shown of how many match, and Show more. The next page also loads by
 * itself when the foot scrolls into view, so a person scrolling a long list is not stopped every 50 rows.
 */
export function ShowMore({ shown, total, hasMore, loadingMore, onMore, noun }: Props) {
  const foot = useRef<HTMLDivElement>(null);
  const more = useEffectEvent(onMore);

  useEffect(() => {
    const element = foot.current;
    if (!hasMore || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);

  if (total === 0 && shown === 0) return null;
  return (
    <div className="show-more" ref={foot}>
      <p className="show-more__count" aria-live="polite">
        Showing {count(shown)} of {count(Math.max(total, shown))} {noun}
      </p>
      {hasMore && (
        <button type="button" className="btn btn-outline show-more__button" disabled={loadingMore} onClick={onMore}>
          {loadingMore ? "Loading..." : "Show more"}
        </button>
      )}
    </div>
  );
}
