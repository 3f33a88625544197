import type { TextMessage } from "@contracts/texts/texts.ts";
import { formatReceived } from "../../lib/format.ts";
import { KIND_WORDS, statusText } from "./words.ts";

/** Who wrote it or what it was about: "Dana (office)", "Visit reminder", or nothing for the customer's own. */
function authorOf(text: TextMessage): string {
  if (text.direction === "inbound") return "";
  if (text.kind === "office-reply" || (text.kind === null && text.staffName)) return text.staffName ?? "Office";
  return text.kind ? KIND_WORDS[text.kind] : "";
}

/** One text of a conversation: the customer's on the left, ours on the right with its delivery state. */
export function TextBubble({ text }: { text: TextMessage }) {
  const author = authorOf(text);
  const trouble = text.status === "failed" || text.status === "undelivered";
  return (
    <li className={`texts-bubble texts-bubble--${text.direction}`}>
      <p className="texts-bubble__body">{text.body}</p>
      <p className="texts-bubble__meta">
        {author && <span>{author}</span>}
        <time dateTime={text.createdAt}>{formatReceived(text.createdAt)}</time>
        {text.direction === "outbound" && (
          <span className={trouble ? "texts-bubble__status texts-bubble__status--trouble" : "texts-bubble__status"}>
            {statusText(text)}
          </span>
        )}
        {text.segments > 1 && <span>{text.segments} segments</span>}
      </p>
    </li>
  );
}
