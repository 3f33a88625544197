import type { Page } from "@contracts/common/paging.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { UnreadTexts } from "@contracts/texts/texts.ts";
import { useEffect } from "react";
import { request } from "./http.ts";

const listeners = new Set<() => void>();

/** Tells the unread count to read again: a message or a conversation was marked read (or unread) on this device. */
export function unreadChanged(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * The office has seen something unread: once the server has recorded it (`marked`), the count reads again. A failure
 * leaves it unread, which the next opening marks again, so it is only written to the console.
 */
export function markSeen(marked: Promise<unknown>): Promise<void> {
  return marked.then(unreadChanged).catch((error: unknown) => console.warn("Marking the texts read failed", error));
}

/**
 * What Messages holds unread: the contact messages (the first page's total of the unread ones, one row read, not the
 * list) and the customers' texts the office has not seen. `atLeast` when the server counted only so far (more than
 * `total` are unread). The texts' count missing (a server without them) leaves the contact messages' alone.
 */
export function readUnreadCount(): Promise<{ total: number; atLeast: boolean }> {
  const contact = request<Page<ContactMessage>>("/api/contact?read=false&limit=1", { auth: true }).then((page) => ({
    total: page.total,
    atLeast: page.totalIsAtLeast === true,
  }));
  const texts = request<UnreadTexts>("/api/conversations/unread", { auth: true }).catch(() => ({
    total: 0,
    atLeast: false,
  }));
  return Promise.all([contact, texts]).then(([a, b]) => ({
    total: a.total + b.total,
    atLeast: a.atLeast || b.atLeast,
  }));
}

/** Calls `listener` whenever this device changed a message's read state. */
export function useUnreadChanged(listener: () => void): void {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}
