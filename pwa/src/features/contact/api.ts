import type { ContactInputSchema } from "@contracts/contact/schemas.ts";
import type { InferInput } from "valibot";
import { enqueueAndSend, type SendResult } from "../../lib/outbox/outbox.ts";

/** POST /api/contact through the outbox: `sent` on a 2xx, `queued` when kept to be sent later; rejects on a refusal. */
export function sendContactMessage(payload: InferInput<typeof ContactInputSchema>): Promise<SendResult> {
  return enqueueAndSend("contact", payload);
}
