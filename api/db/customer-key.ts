import type { Sql, Tx } from "./client.ts";

/**
 * Whose bookings a signed-in customer reads: their record's (every e-mail it has, merged ones included), and the
 * bookings with their address that no worker has linked yet. Without a record (an address whose bookings are all
 * unlinked), the address alone.
 */
export interface CustomerKey {
  email: string;
  customerId: string | null;
}

/** The condition "this booking is the customer's", for a query that names the booking `alias`. */
export function bookingOfCustomer(q: Sql | Tx, key: CustomerKey, alias: string) {
  const b = q.unsafe(alias);
  const byEmail = q`(${b}.customer_id is null and lower(${b}.email) = lower(${key.email}))`;
  return key.customerId ? q`(${b}.customer_id = ${key.customerId} or ${byEmail})` : byEmail;
}
