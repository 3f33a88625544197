import * as v from "valibot";
import { BOOKING_SORTS, BOOKING_STATUSES } from "./booking.ts";
import { MAX_UNITS, MIN_UNITS } from "./units.ts";
import { ID_PATTERN, email, isIsoInstant, isoDate, optionalText, phone, text } from "../common/fields.ts";
import { US_STATE_CODES } from "../common/states.ts";
import type { Locale } from "../i18n/locales.ts";
import { pageQueryFields, sortField, uuidField } from "../common/paging.ts";
import { weekSlots } from "../schedule/dates.ts";
import { type BookingRules, DEFAULT_BOOKING_RULES } from "../schedule/rules.ts";

/** A slot label some open day of the rules offers (which day offers it is a business rule, answered with 422). */
const slotTime = (rules: Pick<BookingRules, "hours">) =>
  v.picklist(weekSlots(rules), "Cleaning time must be one of the hourly slots");

/** The id of a service; whether it exists and can be booked is the route's to say. */
const serviceId = v.pipe(
  v.string("Service type is not one of our services"),
  v.regex(ID_PATTERN, "Service type is not one of our services"),
);

/**
 * POST /api/bookings and PUT /api/bookings/{id}, for the business's current hours. Prices the client sends are
 * accepted and ignored.
 */
export const bookingInputSchema = (rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES) =>
  v.object({
    firstName: text(60, "First name"),
    lastName: text(60, "Last name"),
    email,
    contactNumber: phone,
    homeAddress: text(200, "Home address"),
    city: text(100, "City"),
    state: v.picklist(US_STATE_CODES, "State must be one of the 50 US states"),
    zip: v.pipe(v.string("ZIP must be text"), v.trim(), v.regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits")),
    furnaceOrUnit: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(100),
        v.transform((s) => s || "N/A"),
      ),
      "N/A",
    ),
    serviceType: serviceId,
    unitCount: v.pipe(
      v.number("Unit count must be a number"),
      v.integer("Unit count must be a whole number"),
      v.minValue(MIN_UNITS, `Unit count must be at least ${MIN_UNITS}`),
      v.maxValue(MAX_UNITS, `Unit count must be at most ${MAX_UNITS}`),
    ),
    cleaningDate: isoDate,
    cleaningTime: slotTime(rules),
    comment: optionalText(2000, "Comment"),
    estimatedPrice: v.optional(v.unknown()),
    originalPrice: v.optional(v.unknown()),
    discountAmount: v.optional(v.unknown()),
    timeZone: v.optional(v.pipe(v.string(), v.maxLength(64)), ""),
    /** "Text me about this visit" ticked, beside the disclosure `smsDisclosure(business)` (texts.ts). */
    smsConsent: v.optional(v.boolean("smsConsent must be true or false")),
    /** The language on screen when booking: the customer's e-mails, calendar files and texts are written in it. */
    // Written out rather than LOCALES imported: a value import here moved the i18n module out of the app's entry
    // into a chunk of its own on every public page.
    locale: v.optional(v.picklist(["en", "es"] as const satisfies readonly Locale[], 'locale must be "en" or "es"')),
  });

export const BookingInputSchema = bookingInputSchema();

export type BookingInput = v.InferInput<typeof BookingInputSchema>;

export type BookingFields = v.InferOutput<typeof BookingInputSchema>;

/** PUT /api/bookings/{id}: the booking's fields, optionally the status, and the version it was read at. */
export const bookingEditSchema = (rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES) =>
  v.object({
    ...bookingInputSchema(rules).entries,
    status: v.optional(v.picklist(BOOKING_STATUSES, "Status is not valid")),
    version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  });

export const BookingEditSchema = bookingEditSchema();

export type BookingEdit = v.InferOutput<typeof BookingEditSchema>;

/** PUT /api/bookings/{id}/status. */
export const StatusUpdateSchema = v.pipe(
  v.object({
    status: v.picklist(BOOKING_STATUSES, "Status must be pending, confirmed, completed or cancelled"),
    version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    /** Cancelling: the job's held deposit is kept, for this reason (admins only); without it, it is refunded. */
    keepDepositReason: v.optional(text(500, "Reason")),
  }),
  v.check(
    (b) => b.keepDepositReason === undefined || b.status === "cancelled",
    "A deposit is kept only when the job is cancelled",
  ),
);

export type StatusUpdate = v.InferOutput<typeof StatusUpdateSchema>;

/** PUT /api/bookings/{id}/assignment: a technician's id, or null to unassign. */
export const AssignmentSchema = v.object({
  technicianId: v.nullable(
    v.pipe(
      v.string("technicianId must be an id or null"),
      v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "technicianId must be an id or null"),
    ),
  ),
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

/** GET /api/schedule?date=YYYY-MM-DD */
export const ScheduleQuerySchema = v.object({ date: isoDate });

/** GET /api/availability?date=YYYY-MM-DD */
export const AvailabilityQuerySchema = v.object({ date: isoDate });

/** GET /api/bookings?since=ISO-instant and GET /api/bookings/deleted?since=… (a dashboard's catch-up). */
export const BookingsQuerySchema = v.object({
  since: v.optional(v.pipe(v.string("since must be text"), v.check(isIsoInstant, "since must be an ISO timestamp"))),
});

/**
 * GET /api/bookings: one page of the staff's bookings. Filters narrow, `q` searches the customer's name, e-mail,
 * phone digits, address and the booking's estimate and invoice numbers. `paid`: `paid` = the booking's invoice is not
 * void and nothing is owed on it, `open` = something is owed on it; a booking without an invoice is neither. A
 * technician's list is their own jobs (another's `technicianId`, or `unassigned`, is refused with 403).
 * `since` is only the live catch-up: the rows whose updatedAt is after that instant, ordered by (updatedAt, id) and
 * paged with the same cursor and envelope (`sort` does not apply); a row changed again meanwhile comes again later,
 * with its newest state. Follow `nextCursor` until null to have every change.
 */
export const BookingsListQuerySchema = v.strictObject({
  ...pageQueryFields,
  sort: sortField(BOOKING_SORTS, "-created"),
  status: v.optional(v.picklist(BOOKING_STATUSES, "status must be pending, confirmed, completed or cancelled")),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  technicianId: v.optional(v.union([v.literal("unassigned"), uuidField("technicianId")], "technicianId is not valid")),
  service: v.optional(v.pipe(v.string("service must be text"), v.regex(ID_PATTERN, "service is not one of ours"))),
  paid: v.optional(v.picklist(["open", "paid"], "paid must be open or paid")),
  customerId: v.optional(uuidField("customerId")),
  propertyId: v.optional(uuidField("propertyId")),
  since: v.optional(v.pipe(v.string("since must be text"), v.check(isIsoInstant, "since must be an ISO timestamp"))),
});
export type BookingsListQuery = v.InferOutput<typeof BookingsListQuerySchema>;

/** PUT /api/manage/{token}: the customer moves the visit to another slot. */
export const rescheduleSchema = (rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES) =>
  v.object({ cleaningDate: isoDate, cleaningTime: slotTime(rules) });

export const RescheduleSchema = rescheduleSchema();

export type Reschedule = v.InferOutput<typeof RescheduleSchema>;
