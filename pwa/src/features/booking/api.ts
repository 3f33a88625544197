import type { ManagedBooking } from "@contracts/manage.ts";
import type { BookingInput } from "@contracts/schemas.ts";
import { request } from "../../lib/http.ts";
import type { FirstSendOptions, SendResult } from "../../lib/outbox/outbox.ts";

/**
 * POST /api/bookings through the outbox, so a booking made on a dying connection is never lost and arrives once.
 * Resolves `sent` on a 2xx, `queued` when it is kept on this device to be sent automatically; rejects with the
 * ApiError of a refusal (409 full slot, 422 rule, 400 invalid), or a NetworkError where nothing can be stored.
 */
export async function submitBooking(payload: BookingInput, options?: FirstSendOptions): Promise<SendResult> {
  // The outbox (IndexedDB) is loaded on submit, not with the form; the service worker precaches its chunk, and the
  // layout has usually loaded it already (outbox notices).
  const { enqueueAndSend } = await import("../../lib/outbox/outbox.ts");
  return enqueueAndSend("booking", payload, options);
}

/**
 * "Book again" from the yearly reminder (issue 19): the details of the customer's completed visit, read by its
 * manage token, for the form to start from; no date (the customer picks one).
 */
export async function fetchBookAgainDraft(token: string, signal?: AbortSignal): Promise<Partial<BookingInput>> {
  const b = await request<ManagedBooking>(`/api/manage/${encodeURIComponent(token)}`, { signal });
  const { firstName, lastName, email, contactNumber, homeAddress, city, state, zip, serviceType, unitCount } = b;
  // The form checks every field again when it is sent; a state code from the server is one of its options.
  const usState = state as BookingInput["state"];
  return { firstName, lastName, email, contactNumber, homeAddress, city, state: usState, zip, serviceType, unitCount };
}
