import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { MessageReadSchema } from "@contracts/contact/schemas.ts";
import type { InferInput } from "valibot";
import { request } from "../../lib/http.ts";

// Staff calls: each sends the Bearer token, and a 401 ends the session.

export async function markMessageRead(id: string, read: boolean): Promise<ContactMessage> {
  const body: InferInput<typeof MessageReadSchema> = { read };
  const answer = await request<DataEnvelope<ContactMessage>>(`/api/contact/${encodeURIComponent(id)}/read`, {
    method: "PUT",
    body,
    auth: true,
  });
  return answer.data;
}
