import { formatCount } from "@contracts/common/counts.ts";

/** "3 new — show": bookings that arrived while the list stood still; a click reads the first page again. */
export function FreshLine({ count, onShow, noun = "new" }: { count: number; onShow: () => void; noun?: string }) {
  if (count === 0) return null;
  return (
    <button type="button" className="adm-fresh" aria-live="polite" onClick={onShow}>
      {formatCount(count)} {noun} — show
    </button>
  );
}
