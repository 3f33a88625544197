import * as v from "valibot";
import { email, optionalText, phone, text } from "../common/fields.ts";
import { pageQueryFields, sortField, uuidField } from "../common/paging.ts";
import { US_STATE_CODES } from "../common/states.ts";
import { MAX_UNITS, MIN_UNITS } from "../bookings/units.ts";

/** How GET /api/customers may order its rows. */
export const CUSTOMER_SORTS = ["name", "-name", "created", "-created", "lastVisit", "-lastVisit"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** GET /api/customers: a page of customers, searched by name, e-mail, phone digits or address. */
export const CustomersQuerySchema = v.strictObject({
  ...pageQueryFields,
  sort: sortField(CUSTOMER_SORTS, "name"),
  tag: v.optional(v.pipe(v.string("tag must be text"), v.trim(), v.maxLength(40, "tag must be at most 40 characters"))),
});
export type CustomersQuery = v.InferOutput<typeof CustomersQuerySchema>;

const tag = v.pipe(
  v.string("A tag must be text"),
  v.trim(),
  v.nonEmpty("A tag may not be empty"),
  v.maxLength(40, "A tag must be at most 40 characters"),
);

/** A phone as the office types it; the server parses it to E.164 (a number it cannot parse is refused, 400). */
export const PhoneInputSchema = v.object({
  number: phone,
  label: v.optional(v.pipe(v.string("Label must be text"), v.trim(), v.maxLength(30)), "mobile"),
});

/** PUT /api/customers/{id}: the whole record as the office edits it, with the version it read. */
export const CustomerUpdateSchema = v.strictObject({
  name: text(120, "Name"),
  emails: v.pipe(
    v.array(email, "Emails must be a list"),
    v.minLength(1, "A customer needs at least one e-mail"),
    v.maxLength(5, "At most 5 e-mails"),
  ),
  phones: v.pipe(v.array(PhoneInputSchema, "Phones must be a list"), v.maxLength(5, "At most 5 phones")),
  notes: optionalText(5000, "Notes"),
  tags: v.optional(v.pipe(v.array(tag, "Tags must be a list"), v.maxLength(20, "At most 20 tags")), []),
  version: v.pipe(v.number("version must be a number"), v.integer("version must be a whole number")),
});
export type CustomerUpdate = v.InferOutput<typeof CustomerUpdateSchema>;

/** POST /api/customers/{id}/properties and PUT /api/customers/{id}/properties/{propertyId}. */
export const PropertyInputSchema = v.strictObject({
  street: text(200, "Street"),
  city: text(100, "City"),
  state: v.picklist(US_STATE_CODES, "State must be one of the 50 US states"),
  zip: v.pipe(v.string("ZIP must be text"), v.trim(), v.regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits")),
  accessNotes: optionalText(2000, "Access notes"),
  furnaceOrUnit: v.optional(v.pipe(v.string("Unit type must be text"), v.trim(), v.maxLength(100)), "N/A"),
  units: v.optional(
    v.pipe(
      v.number("Units must be a number"),
      v.integer("Units must be a whole number"),
      v.minValue(MIN_UNITS, `Units must be at least ${MIN_UNITS}`),
      v.maxValue(MAX_UNITS, `Units must be at most ${MAX_UNITS}`),
    ),
    1,
  ),
});
export type PropertyInput = v.InferOutput<typeof PropertyInputSchema>;

/** POST /api/customers/{id}/merge: `from` is folded into the customer of the path, then gone. */
export const MergeSchema = v.strictObject({ from: uuidField("from") });
