import * as v from "valibot";
import { CONTACT_SERVICE_VALUES } from "./contact.ts";
import { isDeliverableEmail } from "./email.ts";
import { BOOKING_STATUSES } from "./entities.ts";
import { commonPasswordProblem } from "./passwords.ts";
import { MAX_UNITS, MIN_UNITS } from "./pricing.ts";
import { type BookingRules, DEFAULT_BOOKING_RULES } from "./booking-rules.ts";
import { isIsoDate, weekSlots } from "./schedule.ts";
import { US_STATE_CODES } from "./states.ts";

/** Ids in paths: service keys or UUIDs; anything else is simply not found. */
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A required single-line text: trimmed, not empty, bounded. */
export const text = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

export const optionalText = (max: number, label: string) =>
  v.optional(
    v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`)),
    "",
  );

export const email = v.pipe(
  v.string("Email must be text"),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(254, "Email is too long"),
  v.check(isDeliverableEmail, "Email is not valid"),
  v.toLowerCase(),
);

export const phone = v.pipe(
  v.string("Phone must be text"),
  v.trim(),
  v.nonEmpty("Phone is required"),
  v.maxLength(25, "Phone is too long"),
  v.regex(/^\+?[0-9 ().-]{7,25}$/, "Phone number is not valid"),
  v.check((s) => s.replace(/\D/g, "").length >= 7, "Phone number is not valid"),
);

export const isoDate = v.pipe(
  v.string("Date must be text"),
  v.check(isIsoDate, "Date must be a real date written YYYY-MM-DD"),
);

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
export const StatusUpdateSchema = v.object({
  status: v.picklist(BOOKING_STATUSES, "Status must be pending, confirmed, completed or cancelled"),
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type StatusUpdate = v.InferOutput<typeof StatusUpdateSchema>;

/** POST /api/contact. */
export const ContactInputSchema = v.object({
  name: text(100, "Name"),
  email,
  phone,
  service: v.picklist(CONTACT_SERVICE_VALUES, "Please choose a service"),
  message: text(5000, "Message"),
});
export type ContactInput = v.InferOutput<typeof ContactInputSchema>;

/** POST /api/auth/login. */
export const LoginInputSchema = v.object({
  email,
  password: v.pipe(v.string("Password must be text"), v.nonEmpty("Password is required"), v.maxLength(200)),
});
export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export const MIN_PASSWORD_LENGTH = 12;

/** PUT /api/auth/password: the admin's current password and a new one (revokes every earlier token). */
export const PasswordChangeSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string("Current password must be text"),
      v.nonEmpty("Current password is required"),
      v.maxLength(200),
    ),
    newPassword: v.pipe(
      v.string("New password must be text"),
      v.minLength(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters`),
      v.maxLength(200, "New password must be at most 200 characters"),
    ),
  }),
  v.forward(
    v.check((p) => p.newPassword !== p.currentPassword, "New password must differ from the current one"),
    ["newPassword"],
  ),
);
export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

/** A password a person chooses (an invitation accepted): 12+ characters and not one of the most common. */
export const newPassword = v.pipe(
  v.string("Password must be text"),
  v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  v.maxLength(200, "Password must be at most 200 characters"),
  v.check((p) => commonPasswordProblem(p) === null, "This password is too common. Please choose another one."),
);

/** POST /api/invitations/{token}. */
export const InvitationAcceptSchema = v.object({ password: newPassword });

/** A schedule colour: `#rrggbb`, stored lowercase. */
const color = v.pipe(
  v.string("Colour must be text"),
  v.regex(/^#[0-9a-fA-F]{6}$/, "Colour must be written #rrggbb"),
  v.toLowerCase(),
);

/** POST /api/staff: an admin invites a person; owners are only made from ADMIN_EMAIL. */
export const StaffCreateSchema = v.object({
  name: text(100, "Name"),
  email,
  phone: v.optional(v.union([v.literal(""), phone], "Phone number is not valid"), ""),
  role: v.picklist(["admin", "technician"], "Role must be admin or technician"),
  color: v.optional(color),
});
export type StaffCreate = v.InferOutput<typeof StaffCreateSchema>;

/** PUT /api/staff/{id}: any of these; `active: false` deactivates (signs out everywhere), `true` reactivates. */
export const StaffUpdateSchema = v.object({
  name: v.optional(text(100, "Name")),
  phone: v.optional(v.union([v.literal(""), phone], "Phone number is not valid")),
  role: v.optional(v.picklist(["owner", "admin", "technician"], "Role must be owner, admin or technician")),
  color: v.optional(color),
  active: v.optional(v.boolean("active must be true or false")),
});
export type StaffUpdate = v.InferOutput<typeof StaffUpdateSchema>;

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

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):?(\d{2}))$/;
/** The widest offset in use anywhere (Kiribati); Postgres refuses some wider ones and misreads none. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * True for a real instant from 1970 to 9999 written in ISO 8601 with its offset. The pattern alone is not
 * enough: postgres.js passes a timestamp parameter through `new Date()`, which rolls 2026-02-31 over to
 * 3 March, turns year 0001 into 2001, sends year 0000 for Postgres to refuse (a 500) and throws on forms
 * such as "+05", so the text must mean to JavaScript exactly the instant it names.
 */
export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  if (!m) return false;
  const [, date = "", hour, minute, second, fraction = "", sign, offsetHours, offsetMinutes] = m;
  const [y = 0, mo = 0, d = 0] = date.split("-").map(Number);
  const [h = 0, mi = 0, s = 0, oh = 0, om = 0] = [hour, minute, second, offsetHours, offsetMinutes].map((part) =>
    Number(part ?? 0),
  );
  if (y < 1970 || y > 9999 || !isIsoDate(date)) return false;
  if (h > 23 || mi > 59 || s > 59 || om > 59) return false;
  const offset = (sign === "-" ? -1 : 1) * (oh * 60 + om);
  if (Math.abs(offset) > MAX_OFFSET_MINUTES) return false;
  // JavaScript keeps milliseconds and drops the rest of the fraction.
  const ms = Number(fraction.slice(0, 3).padEnd(3, "0"));
  return Date.parse(value) === Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset * 60_000;
}

/** GET /api/bookings?since=ISO-instant and GET /api/bookings/deleted?since=… (a dashboard's catch-up). */
export const BookingsQuerySchema = v.object({
  since: v.optional(v.pipe(v.string("since must be text"), v.check(isIsoInstant, "since must be an ISO timestamp"))),
});

/** PUT /api/manage/{token}: the customer moves the visit to another slot. */
export const rescheduleSchema = (rules: Pick<BookingRules, "hours"> = DEFAULT_BOOKING_RULES) =>
  v.object({ cleaningDate: isoDate, cleaningTime: slotTime(rules) });
export const RescheduleSchema = rescheduleSchema();
export type Reschedule = v.InferOutput<typeof RescheduleSchema>;

/** PUT /api/contact/{id}/read: an admin marks a message read or unread. */
export const MessageReadSchema = v.object({ read: v.boolean("read must be true or false") });
