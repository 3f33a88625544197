import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import type { BookingInput } from "@contracts/bookings/schemas.ts";
import { request } from "../../lib/http.ts";

/**
 * "Book again" from the yearly reminder, loaded only for its link (`?again=`): the details of the
 * customer's completed visit, read by its manage token, for the form to start from; no date (they pick one).
 */
export async function fetchBookAgainDraft(token: string, signal?: AbortSignal): Promise<Partial<BookingInput>> {
  const b = await request<ManagedBooking>(`/api/manage/${encodeURIComponent(token)}`, { signal });
  const { firstName, lastName, email, contactNumber, homeAddress, city, state, zip, serviceType, unitCount } = b;
  // The form checks every field again when it is sent; a state code from the server is one of its options.
  const usState = state as BookingInput["state"];
  return { firstName, lastName, email, contactNumber, homeAddress, city, state: usState, zip, serviceType, unitCount };
}
