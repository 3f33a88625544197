import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { PortalCustomerDetails } from "../../../contracts/portal/portal.ts";
import type { Sql } from "../../../db/client.ts";
import { isUuid } from "../../../db/ids.ts";
import { bookingOfCustomer, type CustomerKey } from "../../../db/customer-key.ts";

/** A customer's booking as the portal reads it: no staff field (version, internal comment, manage token). */
export type CustomerBooking = PortalCustomerDetails &
  Pick<
    Booking,
    | "_id"
    | "cleaningDate"
    | "cleaningTime"
    | "estimatedPrice"
    | "status"
    | "visitStage"
    | "visitStageAt"
    | "technicianId"
    | "technicianName"
    | "createdAt"
  > & { ratingStars: number | null };

/** The portal's reads: only ever the bookings of the signed-in customer's record (bookingOfCustomer). */
export interface PortalVisitsRepo {
  /** Every booking of the customer. */
  listFor(customer: CustomerKey): Promise<CustomerBooking[]>;
  /** One booking of the customer; null for none, or for one of another customer. */
  getFor(customer: CustomerKey, id: string): Promise<CustomerBooking | null>;
  /** One booking by id alone: only for a holder of its signed rating link. */
  getById(id: string): Promise<CustomerBooking | null>;
}

type Row = Omit<CustomerBooking, "visitStageAt" | "createdAt"> & { visitStageAt: Date | null; createdAt: Date };

const toBooking = ({ visitStageAt, createdAt, ...rest }: Row): CustomerBooking => ({
  ...rest,
  visitStageAt: visitStageAt?.toISOString() ?? null,
  createdAt: createdAt.toISOString(),
});

export function createPortalVisitsRepo(sql: Sql): PortalVisitsRepo {
  // Named as the answer names them, so that the columns are chosen once and nothing else is read.
  const select = async (where: ReturnType<Sql>) =>
    (
      await sql<Row[]>`
        select b.id as "_id", b.first_name as "firstName", b.last_name as "lastName", b.email,
               b.contact_number as "contactNumber", b.home_address as "homeAddress", b.city, b.state, b.zip,
               b.furnace_or_unit as "furnaceOrUnit", b.service_type as "serviceType", b.unit_count as "unitCount",
               b.cleaning_date as "cleaningDate", b.cleaning_time as "cleaningTime",
               b.estimated_price as "estimatedPrice", b.status, b.visit_stage as "visitStage",
               b.visit_stage_at as "visitStageAt", b.technician_id as "technicianId", a.name as "technicianName",
               r.stars as "ratingStars", b.created_at as "createdAt"
        from bookings b
        left join admin_users a on a.id = b.technician_id
        left join booking_ratings r on r.booking_id = b.id
        where ${where}`
    ).map(toBooking);
  return {
    listFor: (customer) => select(sql`${bookingOfCustomer(sql, customer, "b")}`),
    async getFor(customer, id) {
      if (!isUuid(id)) return null;
      return (await select(sql`b.id = ${id} and ${bookingOfCustomer(sql, customer, "b")}`))[0] ?? null;
    },
    async getById(id) {
      if (!isUuid(id)) return null;
      return (await select(sql`b.id = ${id}`))[0] ?? null;
    },
  };
}
