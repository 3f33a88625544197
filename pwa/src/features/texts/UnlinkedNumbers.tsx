import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { TextMessage, TextMessageEvent, UnlinkedNumber } from "@contracts/texts/texts.ts";
import { useCallback, useEffect, useState } from "react";
import { Panel } from "../../components/Panel.tsx";
import { TextBubble } from "../../components/texts/TextBubble.tsx";
import { formatReceived } from "../../lib/format.ts";
import { failureText, request } from "../../lib/http.ts";
import { formatPhone } from "../../lib/phone.ts";
import { markSeen } from "../../lib/unreadMessages.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { UnreadBadge } from "./UnreadBadge.tsx";
// The bubbles of a conversation, as the customers' texts are shown.
import "../../components/texts/texts.css";

const readNumbers = () =>
  request<DataEnvelope<UnlinkedNumber[]>>("/api/conversations/unlinked", { auth: true }).then((r) => r.data);

const numberPath = (phone: string) => `/api/conversations/unlinked/${encodeURIComponent(phone)}`;

const readTexts = (phone: string) =>
  request<DataEnvelope<TextMessage[]>>(numberPath(phone), { auth: true }).then((r) => r.data);

/** The office has seen the number's texts: they leave the navigation's unread count. */
const markNumberRead = (phone: string) =>
  markSeen(request<unknown>(`${numberPath(phone)}/read`, { method: "POST", auth: true }));

/**
 * Texts from numbers on no customer's record (someone who never booked, or from another phone): listed apart from the
 * customers' conversations, newest first, each one's texts on request, read again when such a text arrives live.
 * Nothing is answered from here: the office calls back, or finds or makes the customer with this number.
 */
export function UnlinkedNumbers() {
  const numbers = useLoad(readNumbers, { keepShown: true });
  const { refresh } = numbers;
  const [opened, setOpened] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useSocketEvent("textMessage", ({ message }: TextMessageEvent) => {
    if (message.customerId) return;
    // A new text from the number whose texts are open, in view, is seen as it arrives.
    if (message.phone === opened && message.direction === "inbound" && document.visibilityState === "visible") {
      void markNumberRead(message.phone).then(refresh);
    } else refresh();
    setVersion((v) => v + 1);
  });
  useSocketEvent("connect", refresh);
  const toggle = (phone: string) => {
    if (opened === phone) return setOpened(null);
    setOpened(phone);
    void markNumberRead(phone).then(refresh);
  };

  if (numbers.state !== "ready" || numbers.data.length === 0) return null;
  return (
    <Panel id="unlinked-title" title="Texts from numbers on no customer's record">
      <p className="texts-unlinked__hint">
        Nobody with these numbers has booked. Call them back, or add the number to the customer's record: their next
        texts then join that customer's conversation.
      </p>
      <ul className="texts-unlinked">
        {numbers.data.map((n) => (
          <li key={n.phone} className="texts-unlinked__number">
            <div className="texts-unlinked__head">
              <span className="adm-table__strong">{formatPhone(n.phone)}</span>
              <span className="texts-row__last">
                {n.lastDirection === "outbound" ? "You: " : ""}
                {n.lastBody}
              </span>
              <time className="adm-table__sub" dateTime={n.lastAt}>
                {formatReceived(n.lastAt)}
              </time>
              <UnreadBadge count={n.unread} />
              <button
                type="button"
                className="btn btn-outline adm-btn-small"
                aria-expanded={opened === n.phone}
                onClick={() => toggle(n.phone)}
              >
                {opened === n.phone ? "Hide" : "Show"} texts
                <span className="visually-hidden"> from {formatPhone(n.phone)}</span>
              </button>
            </div>
            {opened === n.phone && <NumberTexts phone={n.phone} version={version} />}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function NumberTexts({ phone, version }: { phone: string; version: number }) {
  const texts = useLoad(
    useCallback(() => readTexts(phone), [phone]),
    { keepShown: true },
  );
  // Read again when a text from a number on no record arrives (`version` counts them).
  const { refresh } = texts;
  useEffect(() => {
    if (version > 0) refresh();
  }, [version, refresh]);
  if (texts.state === "loading") return <p className="adm-empty">Loading texts...</p>;
  if (texts.state === "failed") {
    return <p className="adm-empty">{failureText(texts.error, { otherwise: "The texts could not be loaded." })}</p>;
  }
  return (
    <ol className="texts-thread" aria-label={`Texts from ${formatPhone(phone)}`}>
      {texts.data.map((text) => (
        <TextBubble key={text._id} text={text} />
      ))}
    </ol>
  );
}
