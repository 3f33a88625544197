import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { SmsConsent, SmsConsentChange, TextMessage, TextReply } from "@contracts/texts/texts.ts";
import { request } from "../../lib/http.ts";

// The office's calls about texts: each sends the staff member's token.

const customer = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

/** GET /api/customers/{id}/messages: a customer's texts, newest first, a page at a time (usePagedList reads it). */
export const conversationPath = (customerId: string) => `${customer(customerId)}/messages`;

/** GET /api/customers/{id}/sms-consent. */
export const fetchConsent = (customerId: string) =>
  request<SmsConsent>(`${customer(customerId)}/sms-consent`, { auth: true });

/** PUT /api/customers/{id}/sms-consent: taken by phone, with the disclosure read to the customer. */
export const changeConsent = (customerId: string, change: SmsConsentChange) =>
  request<SmsConsent>(`${customer(customerId)}/sms-consent`, { method: "PUT", body: change, auth: true });

/** POST /api/customers/{id}/messages: the office's reply; a 409 says in words why it may not be sent. */
export async function sendReply(customerId: string, body: string): Promise<TextMessage> {
  const reply: TextReply = { body };
  const answer = await request<DataEnvelope<TextMessage> | TextMessage>(conversationPath(customerId), {
    method: "POST",
    body: reply,
    auth: true,
  });
  return "data" in answer ? answer.data : answer;
}

/** POST /api/customers/{id}/messages/read: the office has seen the conversation (its unread count goes to 0). */
export const markConversationRead = (customerId: string) =>
  request<unknown>(`${conversationPath(customerId)}/read`, { method: "POST", auth: true });

/** GET /api/bookings/{id}/texts: the texts about one booking, oldest first, with their delivery states. */
export const fetchBookingTexts = (bookingId: string) =>
  request<TextMessage[]>(`/api/bookings/${encodeURIComponent(bookingId)}/texts`, { auth: true });
