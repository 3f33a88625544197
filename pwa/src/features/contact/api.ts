import { enqueueAndSend, type SendResult } from "../../lib/outbox/outbox.ts";

export interface ContactPayload {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

/** POST /api/contact through the outbox: `sent` on a 2xx, `queued` when kept to be sent later; rejects on a refusal. */
export function sendContactMessage(payload: ContactPayload): Promise<SendResult> {
  return enqueueAndSend("contact", "/api/contact", payload);
}
