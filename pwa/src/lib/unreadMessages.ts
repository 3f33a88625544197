import type { Page } from "@contracts/common/paging.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import { useEffect } from "react";
import { request } from "./http.ts";

const listeners = new Set<() => void>();

/** Tells the unread count to read again: a message was marked read or unread on this device. */
export function unreadChanged(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * The unread contact messages, from the first page's total of the unread ones: one row read, not the list. `atLeast`
 * when the server counted only so far (more than `total` are unread).
 */
export function readUnreadCount(): Promise<{ total: number; atLeast: boolean }> {
  return request<Page<ContactMessage>>("/api/contact?read=false&limit=1", { auth: true }).then((page) => ({
    total: page.total,
    atLeast: page.totalIsAtLeast === true,
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
