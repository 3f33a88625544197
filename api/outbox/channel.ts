/** A claimed outbox row, as the worker hands it to its channel. */
export interface DueMessage {
  id: string;
  kind: string;
  channel: "mail" | "push";
  booking_id: string | null;
  to_address: string;
  created_at: Date;
  message: unknown;
}

/** Thrown by a channel when a message must never be tried again (a push subscription gone): it is skipped. */
export class NotSent extends Error {}

/** Why a message that fell due is no longer sent, or null to send it. */
export type DropCheck = (row: DueMessage, now: Date) => Promise<string | null>;

/** One batch's sending on a channel: what it reads once per batch (a profile, the reminder switches) is kept here. */
export interface ChannelBatch {
  /** The send-time policy: what happened since the message was written decides. */
  drop: DropCheck;
  /** Resolves once the message is accepted; rejects to retry, or with NotSent to skip it for good. */
  send(row: DueMessage): Promise<void>;
}

/** A way out of the outbox (mail, push): the worker opens one batch of it per pass. */
export interface Channel {
  batch(): ChannelBatch;
}
