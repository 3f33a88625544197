import type { BookingInput } from "@contracts/bookings/schemas.ts";
import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Customer, CustomerDetail, DuplicatePair, MergeResult, Property } from "@contracts/customers/customer.ts";
import type { CustomerUpdate, PropertyInput } from "@contracts/customers/schemas.ts";
import type { Booking } from "@contracts/bookings/booking.ts";
import { request } from "../../lib/http.ts";

const base = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

/** GET /api/customers/{id}: the record, its properties, visits, documents and balance. */
export const fetchCustomer = (id: string) => request<CustomerDetail>(base(id), { auth: true });

/** PUT /api/customers/{id} with the version read: a 409 says someone else saved it first. */
export async function updateCustomer(id: string, update: CustomerUpdate): Promise<Customer> {
  return (await request<DataEnvelope<Customer>>(base(id), { method: "PUT", body: update, auth: true })).data;
}

/** POST /api/customers/{id}/properties, or PUT …/properties/{propertyId} with the whole property. */
export async function saveProperty(customerId: string, input: PropertyInput, propertyId?: string): Promise<void> {
  const path = propertyId
    ? `${base(customerId)}/properties/${encodeURIComponent(propertyId)}`
    : `${base(customerId)}/properties`;
  await request<DataEnvelope<Property>>(path, { method: propertyId ? "PUT" : "POST", body: input, auth: true });
}

/** Sets a property aside (its visits stay on record) or brings it back. */
export async function setPropertyArchived(customerId: string, propertyId: string, archived: boolean): Promise<void> {
  const path = `${base(customerId)}/properties/${encodeURIComponent(propertyId)}/${archived ? "archive" : "restore"}`;
  await request<DataEnvelope<Property>>(path, { method: "POST", auth: true });
}

/** GET /api/customers/duplicates: the pairs the office may merge. */
export const fetchDuplicates = () => request<DuplicatePair[]>("/api/customers/duplicates", { auth: true });

/** POST /api/customers/{keep}/merge { from }: everything of `from` moves to `keep`, and `from` is gone. */
export const mergeCustomers = (keep: string, from: string) =>
  request<MergeResult>(`${base(keep)}/merge`, { method: "POST", body: { from }, auth: true });

/**
 * POST /api/bookings as the office books it for a customer on the phone: the public payload, with the dialog's own
 * Idempotency-Key so that a second press after a lost answer is the same booking. The server links it to the
 * customer by e-mail and to the property by street and ZIP.
 */
export async function bookVisit(payload: BookingInput, idempotencyKey: string): Promise<Booking> {
  const answer = await request<DataEnvelope<Booking>>("/api/bookings", {
    method: "POST",
    body: payload,
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return answer.data;
}
