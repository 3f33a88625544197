/**
 * The key under which a row's message keeps the W3C traceparent of the change that wrote it, when that change was
 * traced: its send, later and maybe in another process, links to that trace. The worker takes it out before a
 * channel sees the message.
 */
export const TRACE_KEY = "traceparent";

/** A row's message with the trace of the change that wrote it, when there is one. */
export const withTrace = <M extends object>(message: M, traceparent: string | undefined): M =>
  traceparent === undefined ? message : { ...message, [TRACE_KEY]: traceparent };

/** A claimed outbox row, as the worker hands it to its channel. */
export interface DueMessage {
  id: string;
  kind: string;
  channel: "mail" | "push" | "sms";
  booking_id: string | null;
  to_address: string;
  created_at: Date;
  message: unknown;
}

/** Thrown by a channel when a message must never be tried again (a push subscription gone): it is skipped. */
export class NotSent extends Error {}

/**
 * Thrown by a channel when a message may not go yet (a text in the quiet hours): it waits until `until`, and the wait
 * is no failed attempt.
 */
export class NotYet extends Error {
  constructor(readonly until: Date) {
    super(`Held until ${until.toISOString()}`);
  }
}

/** Why a message that fell due is no longer sent, or null to send it. */
export type DropCheck = (row: DueMessage, now: Date) => Promise<string | null>;

/** One batch's sending on a channel: what it reads once per batch (a profile, the reminder switches) is kept here. */
export interface ChannelBatch {
  /** The send-time policy: what happened since the message was written decides. */
  drop: DropCheck;
  /** Resolves once the message is accepted; rejects to retry, or with NotSent to skip it for good. */
  send(row: DueMessage): Promise<void>;
}

/** A way out of the outbox (mail, push, sms): the worker opens one batch of it per pass. */
export interface Channel {
  batch(): ChannelBatch;
}
