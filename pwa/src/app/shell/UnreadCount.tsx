import type { TextMessageEvent } from "@contracts/texts/texts.ts";
import { useCallback, useEffect, useRef } from "react";
import { readUnreadCount, useUnreadChanged } from "../../lib/unreadMessages.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { getToken } from "../../lib/session.ts";
import { useLoad } from "../../lib/useLoad.ts";

/** How long a burst of messages or read marks waits before the count is read again. */
const SETTLE_MS = 500;

/**
 * The unread messages and texts beside Messages in the navigation: read from the server, again when one arrives live,
 * after a reconnection and when this device marks one read. Nothing when there are none or the count cannot be read.
 */
export default function UnreadCount() {
  const count = useLoad(readUnreadCount, { keepShown: true });
  const { refresh } = count;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const later = useCallback(() => {
    clearTimeout(timer.current);
    // Not once signed out: a logout under way must not send a read without its session (the server's 401).
    timer.current = setTimeout(() => {
      if (getToken()) refresh();
    }, SETTLE_MS);
  }, [refresh]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUnreadChanged(later);
  useSocketEvent("contactMessage", later);
  // A customer's text (a delivery report of ours changes no count).
  useSocketEvent("textMessage", ({ message }: TextMessageEvent) => {
    if (message.direction === "inbound") later();
  });
  useSocketEvent("connect", later);

  if (count.state !== "ready" || count.data.total === 0) return null;
  return (
    <span className="shell-nav__count">
      {count.data.total}
      {count.data.atLeast ? "+" : ""}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
