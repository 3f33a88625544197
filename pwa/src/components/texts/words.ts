import type { SmsConsent, SmsConsentSource, TextKind, TextMessage, TextStatus } from "@contracts/texts/texts.ts";
import { formatReceived } from "../../lib/format.ts";

/** A text's delivery state in words, as the office reads it beside the text. */
export const STATUS_WORDS: Record<TextStatus, string> = {
  held: "Held until 8 AM",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  undelivered: "Not delivered",
  failed: "Failed",
  received: "Received",
};

/** What an automatic text was about. */
export const KIND_WORDS: Record<TextKind, string> = {
  "booking-confirmation": "Booking confirmation",
  "visit-reminder": "Visit reminder",
  "on-my-way": "On my way",
  "visit-report": "Visit report",
  "estimate-sent": "Estimate",
  "invoice-sent": "Invoice",
  "payment-receipt": "Payment receipt",
  "office-reply": "Reply",
  "keyword-reply": "Automatic answer",
  "manage-link": "Manage link",
  "membership-join": "Plan card link",
};

const SOURCE_WORDS: Record<SmsConsentSource, string> = {
  "booking-form": "on the booking form",
  portal: "on their own page",
  office: "by phone",
  keyword: "by a text reply",
  carrier: "through their carrier",
};

/**
 * "Delivered", or "Not delivered: 30003 Unreachable destination handset". A failed text with no error code never
 * reached Twilio (dropped when due, or replaced by a change of its booking): "Not sent: " and why.
 */
export function statusText(text: Pick<TextMessage, "status" | "errorCode" | "errorText">): string {
  if (text.status === "failed" && text.errorCode === null && text.errorText) return `Not sent: ${text.errorText}`;
  const words = STATUS_WORDS[text.status] ?? text.status;
  const error = [text.errorCode, text.errorText].filter((part) => part !== null && part !== "").join(" ");
  return error ? `${words}: ${error}` : words;
}

/** Where consent stands, in one sentence: "Texts allowed since Jun 8, 2026, 3:05 PM, on the booking form." */
export function consentText(consent: SmsConsent): string {
  if (!consent.phone) return "No phone number on record: nothing can be texted.";
  const by = consent.source === "office" && consent.staffName ? ` (${consent.staffName})` : "";
  const how = consent.source ? `, ${SOURCE_WORDS[consent.source]}${by}` : "";
  const at = consent.at ? formatReceived(consent.at) : "";
  if (consent.consent === "granted") return `Texts allowed${at && ` since ${at}`}${how}.`;
  if (consent.consent === "opted-out") return `Opted out of texts${at && ` on ${at}`}${how}.`;
  return consent.at ? `Texts turned off${at && ` on ${at}`}${how}.` : "No consent to texts.";
}
