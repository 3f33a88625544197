import { countSegments } from "@contracts/texts/segments.ts";
import { MAX_SEGMENTS, type SmsConsentState, type TextMessage, type TextMessageEvent } from "@contracts/texts/texts.ts";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { failureText } from "../../lib/http.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { markSeen } from "../../lib/unreadMessages.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { conversationPath, markConversationRead, sendReply } from "./api.ts";
import { TextBubble } from "./TextBubble.tsx";

interface Props {
  customerId: string;
  /** Where their consent stands, when known: the reply box says why a text would be refused before it is written. */
  consent?: SmsConsentState | null;
  /** A text of theirs came in (a STOP or START changes their consent). */
  onInbound?: () => void;
}

/** A text put into the rows shown (newest first): the same text is replaced, a new one goes on top. */
export function withText(rows: TextMessage[], text: TextMessage): TextMessage[] {
  return rows.some((row) => row._id === text._id)
    ? rows.map((row) => (row._id === text._id ? text : row))
    : [text, ...rows];
}

const REFUSED: Partial<Record<SmsConsentState, string>> = {
  "opted-out": "They opted out of texts: a reply will not be sent.",
  none: "They have not agreed to texts: a reply will not be sent.",
};

/**
 * A customer's texts, oldest at the top as on a phone, with earlier pages on request; new texts and delivery states
 * arrive live (the `textMessage` event), and the office's reply is written below. Opening it marks it read.
 */
export function Conversation({ customerId, consent, onInbound }: Props) {
  const list = usePagedList<TextMessage>(conversationPath(customerId), "");
  const { update, refresh } = list;
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const thread = useRef<HTMLOListElement>(null);

  const markRead = useCallback(() => {
    void markSeen(markConversationRead(customerId));
  }, [customerId]);
  useEffect(markRead, [markRead]);

  useSocketEvent("textMessage", ({ message }: TextMessageEvent) => {
    if (message.customerId !== customerId) return;
    update((rows) => withText(rows, message));
    if (message.direction !== "inbound") return;
    if (document.visibilityState === "visible") markRead();
    onInbound?.();
  });
  useSocketEvent("connect", refresh);

  // The newest text in view, as a phone shows a conversation: when it opens and when a text arrives.
  const newest = list.rows[0]?._id;
  useLayoutEffect(() => {
    const box = thread.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newest]);

  const body = draft.trim();
  // Counted as the carrier counts (GSM-7 or, with an emoji or accent outside it, UCS-2): at most two segments.
  const count = countSegments(body);
  const tooLong = count.segments > MAX_SEGMENTS;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!body || sending || tooLong) return;
    setSending(true);
    setProblem(null);
    try {
      const sent = await sendReply(customerId, body);
      update((rows) => withText(rows, sent));
      setDraft("");
    } catch (error) {
      setProblem(failureText(error, { otherwise: "The text could not be sent." }));
    } finally {
      setSending(false);
    }
  };

  const oldestFirst = [...list.rows].reverse();
  const warning = consent ? REFUSED[consent] : undefined;
  return (
    <div className="texts-conversation">
      {list.state === "loading" && <p className="adm-empty">Loading texts...</p>}
      {list.state === "failed" && (
        <p className="adm-empty">
          {failureText(list.error, { otherwise: "The texts could not be loaded." })}{" "}
          <button type="button" className="btn btn-outline adm-btn-small" onClick={list.reload}>
            Try again
          </button>
        </p>
      )}
      {list.state === "ready" && (
        <>
          {list.hasMore && (
            <button
              type="button"
              className="btn btn-outline adm-btn-small texts-conversation__earlier"
              disabled={list.loadingMore}
              onClick={list.loadMore}
            >
              {list.loadingMore ? "Loading..." : "Show earlier texts"}
            </button>
          )}
          {oldestFirst.length === 0 ? (
            <p className="adm-empty">No texts yet.</p>
          ) : (
            <ol className="texts-thread" ref={thread} aria-label="Texts" aria-live="polite">
              {oldestFirst.map((text) => (
                <TextBubble key={text._id} text={text} />
              ))}
            </ol>
          )}
        </>
      )}
      <form className="texts-reply" onSubmit={send} aria-label="Reply by text">
        {warning && <p className="texts-reply__warning">{warning}</p>}
        <label className="texts-reply__label" htmlFor={`reply-${customerId}`}>
          Reply
        </label>
        <div className="texts-reply__row">
          <textarea
            id={`reply-${customerId}`}
            className="input texts-reply__box"
            rows={2}
            aria-describedby={`reply-count-${customerId}`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={sending || !body || tooLong}>
            {sending ? "Sending..." : "Send text"}
          </button>
        </div>
        <p
          id={`reply-count-${customerId}`}
          className={tooLong ? "texts-reply__count field-error" : "texts-reply__count"}
        >
          {tooLong
            ? `Too long: a text may take at most ${MAX_SEGMENTS} segments (306 plain characters, 134 with emoji).`
            : `${count.units} ${count.encoding === "UCS-2" ? "characters with emoji or accents" : "characters"}, ${
                count.segments
              } ${count.segments === 1 ? "segment" : "segments"}`}
        </p>
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}
