import type { ContactMessage } from "@contracts/contact/contact.ts";
import { useCallback, useEffect, useReducer, useState } from "react";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { fetchContactMessages, markMessageRead } from "./api.ts";
import { messagesReducer, unreadCount } from "./messagesReducer.ts";

/**
 * Contact messages for the Messages tab, loaded with the dashboard so the tab shows its unread count at once, then
 * kept current by the live `contactMessage` events, and loaded again on every reconnection after the first load.
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

  useSocketEvent("contactMessage", (message) => dispatch({ type: "upserted", message }));
  useSocketEvent("connect", () => {
    // Before the first load answers, that load itself covers everything.
    if (status !== "loading") reload();
  });

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

  return { messages, status, unread: unreadCount(messages), setRead };
}
