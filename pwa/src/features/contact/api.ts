import type { ContactInputSchema } from "@contracts/contact/schemas.ts";
import type { InferInput } from "valibot";
import { enqueueAndSend, type SendResult } from "../../lib/offline-queue/publicWrites.ts";

/** POST /api/contact through the device queue: `sent` on a 2xx, `queued` when kept to be sent later; rejects on a refusal. */
export function sendContactMessage(payload: InferInput<typeof ContactInputSchema>): Promise<SendResult> {
  return enqueueAndSend("contact", payload);
}
