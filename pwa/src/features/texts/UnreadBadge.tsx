/** How many texts are unread, as the office's lists show it beside a conversation or a number; nothing at none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="texts-row__unread">
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
