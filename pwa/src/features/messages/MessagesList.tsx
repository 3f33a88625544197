import type { ContactMessage } from "@contracts/contact/contact.ts";
import { formatReceived } from "../../lib/format.ts";
import "./MessagesList.css";

interface Props {
  messages: readonly ContactMessage[];
  status: "loading" | "loaded" | "failed";
  /** Said when the list is empty and loaded ("No messages yet." by default). */
  empty?: string;
  onOpen: (message: ContactMessage) => void;
}

const EXCERPT_LENGTH = 140;

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : flat;
}

/** Visitors' messages, newest first; unread ones are bold with a dot, and each row opens the message. */
export function MessagesList({ messages, status, empty = "No messages yet.", onOpen }: Props) {
  if (messages.length === 0) {
    const text =
      status === "loading" ? "Loading messages..." : status === "failed" ? "The messages could not be loaded." : empty;
    return <p className="adm-empty">{text}</p>;
  }
  return (
    <ul className="adm-messages" aria-label="Contact messages">
      {messages.map((m) => (
        <li key={m._id} className={m.read ? "adm-message" : "adm-message adm-message--unread"}>
          <button type="button" className="adm-message__open" onClick={() => onOpen(m)}>
            <span className="adm-message__top">
              <span className="adm-message__name">
                {!m.read && <span className="adm-message__dot" aria-hidden="true" />}
                {m.name}
                {!m.read && <span className="visually-hidden"> (unread)</span>}
              </span>
              <time className="adm-message__date" dateTime={m.createdAt}>
                {formatReceived(m.createdAt)}
              </time>
            </span>
            <span className="adm-message__meta">
              {m.email}
              {m.service && <> · {m.service}</>}
            </span>
            <span className="adm-message__excerpt">{excerpt(m.message)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
