import { defineMessages } from "@contracts/i18n/messages.ts";
import { useState } from "react";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import type { QueueItem } from "../../lib/offline-queue/db.ts";
import { flushNow } from "../../lib/offline-queue/startQueueSync.ts";
import { byteSize } from "../../lib/offline-queue/storedBytes.ts";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { describeCopy } from "../../lib/offline-queue/offlineWindow.ts";
import { useDeviceRead } from "../../lib/useDeviceRead.ts";
import { formatBytes } from "../../lib/deviceStorage/room.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useOnline, useOthersWaiting } from "../../lib/pwa/hooks.ts";
import { ageText, itemWhat } from "./syncText.ts";

const messages = defineMessages({
  waitingTitle: { id: "field.syncPanel.waitingTitle", defaultMessage: "Waiting to be sent ({count})" },
  label: { id: "field.syncPanel.label", defaultMessage: "Waiting to be sent" },
  nothing: { id: "field.syncPanel.nothing", defaultMessage: "Nothing waiting" },
  sendNow: { id: "field.syncPanel.sendNow", defaultMessage: "Send now" },
  sending: { id: "field.syncPanel.sending", defaultMessage: "Sending..." },
  offline: {
    id: "field.syncPanel.offline",
    defaultMessage: "No connection: these are sent by themselves when it is back.",
  },
  allReached: {
    id: "field.syncPanel.allReached",
    defaultMessage: "Everything done on this device has reached the server.",
  },
  lastError: { id: "field.syncPanel.lastError", defaultMessage: "Last error: {error}" },
  refused: { id: "field.syncPanel.refused", defaultMessage: "Refused: {error}" },
  close: { id: "field.syncPanel.close", defaultMessage: "Close" },
});

/** When an item was made, in the business's time zone as every staff screen tells time, and how long ago. */
function madeAt(createdAt: number, now: number, timeZone: string): string {
  const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone });
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone });
  const sameDay = day.format(createdAt) === day.format(now);
  const when = sameDay ? clock.format(createdAt) : `${day.format(createdAt)}, ${clock.format(createdAt)}`;
  return `${when} (${ageText(now - createdAt)}${now - createdAt < 60_000 ? "" : " ago"})`;
}

/**
 * What waits on this device, oldest first (the job, what was done, its size, when it was made, the last error), and
 * Send now. A chunk of its own, loaded when the sync state is opened. Another staff member's work is only counted:
 * it is theirs, sent when they log in again.
 */
export default function SyncPanel({
  id,
  items,
  now,
  onClose,
}: {
  id: string;
  items: readonly QueueItem[];
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslator();
  const online = useOnline();
  const { timeZone } = useProfile();
  const others = useOthersWaiting();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const waiting = items.filter((item) => item.state === "pending").length;
  // The office's window of bookings kept on this device, and its share of the cap.
  const copy = useDeviceRead(loadAdminSnapshot).value;

  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const { delivered, failed, pending } = await flushNow();
      const parts = [`${delivered.length} sent`];
      if (failed.length > 0) parts.push(`${failed.length} refused`);
      if (pending > 0) parts.push(`${pending} still waiting`);
      setOutcome(`${parts.join(", ")}.`);
    } catch {
      setOutcome("Nothing could be sent. Try again in a moment.");
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="shell-sync__panel" id={id} aria-label={t(messages.label)}>
      <div className="shell-sync__head">
        <h2 className="shell-sync__title">
          {waiting > 0 ? t(messages.waitingTitle, { count: waiting }) : t(messages.nothing)}
        </h2>
        {waiting > 0 && (
          <button
            type="button"
            className="btn btn-primary shell-sync__send"
            disabled={sending || !online}
            onClick={() => void send()}
          >
            {sending ? t(messages.sending) : t(messages.sendNow)}
          </button>
        )}
      </div>
      {!online && waiting > 0 && <p className="shell-sync__note">{t(messages.offline)}</p>}
      {outcome && (
        <p className="shell-sync__note" role="status">
          {outcome}
        </p>
      )}
      {items.length === 0 && <p className="shell-sync__note">{t(messages.allReached)}</p>}
      {items.length > 0 && (
        <ul className="shell-sync__list">
          {items.map((item) => (
            <li key={item.id} className={item.state === "pending" ? "shell-sync__item" : "shell-sync__item is-refused"}>
              <p className="shell-sync__what">
                <strong>{itemWhat(item)}</strong>
                {item.label?.about && <span>{item.label.about}</span>}
              </p>
              <p className="shell-sync__meta">
                {formatBytes(byteSize(item.body))} · made {madeAt(item.createdAt, now, timeZone)}
              </p>
              {item.lastError && (
                <p className="shell-sync__error">
                  {t(item.state === "pending" ? messages.lastError : messages.refused, { error: item.lastError })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {copy && <p className="shell-sync__note shell-sync__copy">Offline copy: {describeCopy(copy)}.</p>}
      {others > 0 && (
        <p className="shell-sync__note">
          Also on this device: {others === 1 ? "1 item" : `${others} items`} of another staff member, sent when they log
          in again.
        </p>
      )}
      <button type="button" className="btn btn-outline shell-sync__close" onClick={onClose}>
        {t(messages.close)}
      </button>
    </section>
  );
}
