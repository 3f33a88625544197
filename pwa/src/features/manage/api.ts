import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import type { Reschedule } from "@contracts/bookings/schemas.ts";
import { request } from "../../lib/http.ts";

// The manage link's token is the customer's only credential: no session, no Bearer token.
// These calls go straight to the server (never through the device queue): a cancel or move decided
// offline could land after the 24-hour limit or in a slot taken meanwhile, so the customer must see the answer.

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export function fetchManagedBooking(token: string, signal?: AbortSignal): Promise<ManagedBooking> {
  return request<ManagedBooking>(base(token), { signal });
}

export async function cancelManagedBooking(token: string): Promise<ManagedBooking> {
  const answer = await request<DataEnvelope<ManagedBooking>>(`${base(token)}/cancel`, { method: "POST" });
  return answer.data;
}

export async function moveManagedBooking(token: string, slot: Reschedule): Promise<ManagedBooking> {
  const answer = await request<DataEnvelope<ManagedBooking>>(base(token), { method: "PUT", body: slot });
  return answer.data;
}
