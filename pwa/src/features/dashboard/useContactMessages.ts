import type { ContactMessage } from "@contracts/mail.ts";
import { useCallback, useEffect, useReducer, useState } from "react";
import { fetchContactMessages, markMessageRead } from "./api.ts";
import { messagesReducer, unreadCount } from "./messagesReducer.ts";

/**
 * Contact messages for the Messages tab, loaded with the dashboard so the tab shows its unread count at once.
 * `received` takes the live `contactMessage` events; `reload` catches up after a reconnect.
 */
export function useContactMessages() {
  const [messages, dispatch] = useReducer(messagesReducer, []);
  const [status, setStatus] = useState<"loading" | "loaded" | "failed">("loading");

  const reload = useCallback(() => {
    fetchContactMessages().then(
      (list) => {
        dispatch({ type: "loaded", messages: list });
        setStatus("loaded");
      },
      (error: unknown) => {
        console.error("Loading contact messages failed", error);
        setStatus((s) => (s === "loaded" ? s : "failed"));
      },
    );
  }, []);

  useEffect(reload, [reload]);

  const received = useCallback((message: ContactMessage) => dispatch({ type: "upserted", message }), []);

  /** Optimistic: the list changes at once and goes back if the server refuses. */
  const setRead = useCallback(async (message: ContactMessage, read: boolean) => {
    if (message.read === read) return;
    dispatch({ type: "upserted", message: { ...message, read } });
    try {
      dispatch({ type: "upserted", message: await markMessageRead(message._id, read) });
    } catch (error) {
      console.error("Marking the message failed", error);
      dispatch({ type: "upserted", message });
    }
  }, []);

  return { messages, status, unread: unreadCount(messages), received, reload, setRead };
}
