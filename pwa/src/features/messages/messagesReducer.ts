import type { ContactMessage } from "@contracts/contact/contact.ts";

export type MessagesAction =
  | { type: "loaded"; messages: ContactMessage[] }
  /** A new message pushed live, or the server's answer to a read/unread change. */
  | { type: "upserted"; message: ContactMessage };

const newestFirst = (a: ContactMessage, b: ContactMessage) => b.createdAt.localeCompare(a.createdAt);

/** The Messages tab's list: newest first, one entry per id whatever order the load and the events arrive in. */
export function messagesReducer(state: ContactMessage[], action: MessagesAction): ContactMessage[] {
  switch (action.type) {
    case "loaded": {
      // A live message that arrived before the load answered is kept.
      const ids = new Set(action.messages.map((m) => m._id));
      return [...action.messages, ...state.filter((m) => !ids.has(m._id))].sort(newestFirst);
    }
    case "upserted": {
      const others = state.filter((m) => m._id !== action.message._id);
      return [action.message, ...others].sort(newestFirst);
    }
  }
}

export const unreadCount = (messages: readonly ContactMessage[]) => messages.filter((m) => !m.read).length;
