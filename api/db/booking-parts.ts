import { isLocale, type Locale } from "../contracts/i18n/locales.ts";
import type { Sql, Tx } from "./client.ts";

/**
 * What a money document (an estimate, an invoice) needs of its booking: whose it is and where, what was booked, whose
 * job it is and how far its visit went. Read with the document in one statement (`b` is the booking's alias).
 */
export interface BookingParts {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** "12 Oak St, Charlotte, NC 28203". */
  address: string;
  serviceType: string;
  unitCount: number;
  /** Dollars, as the booking stores them. */
  originalPrice: number;
  discountAmount: number;
  status: string;
  visitStage: string;
  technicianId: string | null;
  createdAt: Date;
  /** The customer's language (their record's): their copy of the document and their page are in it. */
  locale: Locale;
}

export interface BookingPartsRow {
  b_id: string;
  b_first_name: string;
  b_last_name: string;
  b_email: string;
  b_home_address: string;
  b_city: string;
  b_state: string;
  b_zip: string;
  b_service_type: string;
  b_unit_count: number;
  b_original_price: number;
  b_discount_amount: number;
  b_status: string;
  b_visit_stage: string;
  b_technician_id: string | null;
  b_created_at: Date;
  b_locale: string;
}

const COLUMNS = `b.id as b_id, b.first_name as b_first_name, b.last_name as b_last_name, b.email as b_email,
  b.home_address as b_home_address, b.city as b_city, b.state as b_state, b.zip as b_zip,
  b.service_type as b_service_type, b.unit_count as b_unit_count, b.original_price as b_original_price,
  b.discount_amount as b_discount_amount, b.status as b_status, b.visit_stage as b_visit_stage,
  b.technician_id as b_technician_id, b.created_at as b_created_at,
  coalesce((select c.locale from customers c where c.id = b.customer_id), 'en') as b_locale`;

/** The select list of the booking's parts, for a query that names the booking `b`. */
export const bookingPartsColumns = (db: Sql | Tx) => db.unsafe(COLUMNS);

export const toBookingParts = (r: BookingPartsRow): BookingParts => ({
  _id: r.b_id,
  firstName: r.b_first_name,
  lastName: r.b_last_name,
  email: r.b_email,
  address: `${r.b_home_address}, ${r.b_city}, ${r.b_state} ${r.b_zip}`,
  serviceType: r.b_service_type,
  unitCount: r.b_unit_count,
  originalPrice: Number(r.b_original_price),
  discountAmount: Number(r.b_discount_amount),
  status: r.b_status,
  visitStage: r.b_visit_stage,
  technicianId: r.b_technician_id,
  createdAt: r.b_created_at,
  locale: isLocale(r.b_locale) ? r.b_locale : "en",
});
