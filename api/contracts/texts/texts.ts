import { defineMessages, formatPlain } from "../i18n/messages.ts";

// Text messages (SMS): consent kept as evidence, conversations with customers, and each text's delivery state.
// Written first so that the server and the screens are built against one shape.

/** Where consent to texts stands for a customer's phone. */
export type SmsConsentState = "granted" | "none" | "opted-out";

/** Where consent was given or withdrawn. */
export type SmsConsentSource = "booking-form" | "portal" | "office" | "keyword" | "carrier";

/** GET/PUT /api/customers/{id}/sms-consent answers this; the portal's own page reads the same shape. */
export interface SmsConsent {
  /** The customer's texting phone in E.164 ("+17045550131"), or null when the record has no phone. */
  phone: string | null;
  consent: SmsConsentState;
  /** When the state last changed (ISO instant), or null while it is "none" and never changed. */
  at: string | null;
  /** Where it last changed; for "office", `staffName` says who took it by phone. */
  source: SmsConsentSource | null;
  staffName?: string | null;
  /** The exact disclosure text the person was shown when they consented, or null. */
  disclosure: string | null;
}

/** PUT /api/customers/{id}/sms-consent (office) and PUT /api/portal/sms-consent (customer). */
export interface SmsConsentChange {
  consent: "granted" | "none";
  /** The disclosure read to or shown to the person; required when granting. */
  disclosure?: string;
}

/** Which way a text went. */
export type TextDirection = "outbound" | "inbound";

/** A text's delivery state, as Twilio reports it; inbound texts are "received". */
export type TextStatus = "held" | "queued" | "sent" | "delivered" | "undelivered" | "failed" | "received";

/** What an outbound text was about (null for an office reply or an automatic keyword answer). */
export type TextKind =
  | "booking-confirmation"
  | "visit-reminder"
  | "on-my-way"
  | "visit-report"
  | "estimate-sent"
  | "invoice-sent"
  | "payment-receipt"
  | "office-reply"
  | "keyword-reply"
  | "manage-link"
  | "membership-join";

/** One text of a conversation: GET /api/customers/{id}/messages rows, oldest first within a page of newest. */
export interface TextMessage {
  _id: string;
  customerId: string;
  bookingId: string | null;
  direction: TextDirection;
  kind: TextKind | null;
  /** The customer's number (E.164). */
  phone: string;
  body: string;
  status: TextStatus;
  /** 1 or 2 for outbound texts, as counted when sent (GSM-7 160/153, UCS-2 70/67 per segment). */
  segments: number;
  /** Twilio's error code and its meaning in words, for undelivered/failed texts. */
  errorCode: number | null;
  errorText: string | null;
  /** Who wrote an office reply. */
  staffName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of GET /api/conversations: one per customer who has texts, newest activity first, paged like other lists. */
export interface ConversationRow {
  customerId: string;
  customerName: string;
  phone: string;
  lastBody: string;
  lastDirection: TextDirection;
  lastAt: string;
  /** Inbound texts since the office last opened this conversation. */
  unread: number;
  consent: SmsConsentState;
}

/**
 * A row of GET /api/conversations/unlinked: a number on no customer's record that texted us (or that we answered, a
 * keyword's answer), newest activity first, the latest 50 numbers. GET /api/conversations/unlinked/{phone} answers its
 * texts, oldest first (TextMessage[], customerId ""), for the office to read and find or make the customer.
 */
export interface UnlinkedNumber {
  /** E.164. */
  phone: string;
  lastBody: string;
  lastDirection: TextDirection;
  lastAt: string;
  /** How many texts the number sent us. */
  received: number;
  /** How many of them came after the office last opened the number's texts. */
  unread: number;
}

/**
 * GET /api/conversations/unread: the inbound texts the office has not seen (since each conversation was last opened),
 * counted with the unread contact messages beside Messages in the navigation. `atLeast`: counted only so far.
 */
export interface UnreadTexts {
  total: number;
  atLeast: boolean;
}

/** POST /api/customers/{id}/messages: the office's reply. An opted-out number → 409 with the refusal in words. */
export interface TextReply {
  body: string;
}

/** The `textMessage` socket event (admins only): a text came in, or a text's state changed. */
export interface TextMessageEvent {
  message: TextMessage;
}

/** Settings → Text messages: whether the Twilio credentials are there (GET /api/settings/texts, staff). */
export interface TextsSetup {
  configured: boolean;
}

/** Words shown when the credentials are missing. */
export const TEXTS_NOT_SET_UP = "Text messages are not set up";

/**
 * The booking form's checkbox label, word for word, and the disclosure beside it: what the person agrees to, kept
 * with their consent as shown. `{business}` is the business's name as the settings hold it. Messages, for the site in
 * Spanish; the server keeps a Spanish consent with the same Spanish words (api/features/texts/disclosure.ts).
 */
export const SMS_CONSENT_MESSAGES = defineMessages({
  label: { id: "public.texts.consentLabel", defaultMessage: "Text me about this visit" },
  disclosure: {
    id: "public.texts.disclosure",
    defaultMessage:
      "{business} will text you about this visit: a confirmation, a reminder the day before, when your technician is on the way, and your report, estimate, invoice and receipt (up to 8 messages per visit). Msg & data rates may apply. Reply STOP to opt out, HELP for help.",
  },
});

export const smsDisclosure = (business: string) =>
  formatPlain(SMS_CONSENT_MESSAGES.disclosure.defaultMessage, { business });

/** Replies that opt a number out, opt it back in, or ask for help: matched in any case, surrounding spaces ignored. */
export const STOP_KEYWORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const START_KEYWORDS = ["START", "YES", "UNSTOP"] as const;
export const HELP_KEYWORDS = ["HELP"] as const;
/** Replies that confirm the customer's next visit, or ask for its manage link. */
export const CONFIRM_KEYWORDS = ["C", "CONFIRM"] as const;
export const MANAGE_KEYWORDS = ["R"] as const;

/** No text is sent from 9 PM to 8 AM in the customer's (the business's) time zone: such a text waits for 8 AM. */
export const QUIET_HOURS = { fromHour: 21, untilHour: 8 } as const;

/** The most segments any text we send may take. */
export const MAX_SEGMENTS = 2;
