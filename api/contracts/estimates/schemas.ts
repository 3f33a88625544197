import * as v from "valibot";
import { optionalText, text } from "../common/fields.ts";
import { ESTIMATE_STATUSES, MAX_LINE_DESCRIPTION, MAX_LINES, MAX_OPTIONS, MAX_OPTION_TITLE } from "./estimate.ts";
import { pageQueryFields, sortField } from "../common/paging.ts";
import { RECORDED_METHODS } from "../invoices/invoice.ts";
import { MAX_DECLINE_REASON, MAX_ESTIMATE_MESSAGE, MAX_SIGNED_BY } from "./estimate.ts";
import { percent, priceCents, quantity } from "../money/schemas.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id the device chose (crypto.randomUUID()), so that what it queues next can name it before the server saw it. */
const clientId = (label: string) =>
  v.pipe(v.string(`${label} must be text`), v.regex(UUID, `${label} must be a UUID`), v.toLowerCase());

/** An id the server gave out (a price-book item's, a service's key): its form is checked where it is looked up. */
const reference = (label: string) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(64));

/** When something was done on the device: an ISO timestamp; the server bounds it. */
const deviceTime = v.pipe(
  v.string("at must be a time"),
  v.isoTimestamp("at must be an ISO time, like 2026-11-26T14:42:00.000Z"),
);

/** The largest signature data URL accepted: a 1 MB PNG in base64 with its prefix. */
export const MAX_SIGNATURE_DATA_URL = Math.ceil((1024 * 1024 * 4) / 3) + 32;
export const PNG_DATA_URL_PREFIX = "data:image/png;base64,";

/** A drawn signature: a PNG data URL. The server also checks the bytes are a PNG and strips its metadata. */
const signature = v.pipe(
  v.string("signature must be a PNG data URL"),
  v.maxLength(MAX_SIGNATURE_DATA_URL, "signature must be at most 1 MB"),
  v.check(
    (s) => s.startsWith(PNG_DATA_URL_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(s.slice(PNG_DATA_URL_PREFIX.length)),
    "signature must be a PNG data URL (data:image/png;base64,…)",
  ),
);

/** A line as asked, once its source is known: priced by the server from the price book or a service, or custom. */
export type LineRequest =
  | { source: "price-book"; priceBookItemId: string; quantity: number }
  | { source: "service"; serviceId: string; quantity: number }
  /** Admins only: a free description at a price they name. */
  | { source: "custom"; description: string; quantity: number; unitPriceCents: number; taxable: boolean };

const SOURCE_PROBLEM =
  "Each line needs exactly one of priceBookItemId, serviceId, or a description with unitPriceCents";

/**
 * A line: `{ priceBookItemId, quantity }`, `{ serviceId, quantity }` or `{ description, quantity, unitPriceCents,
 * taxable? }` (taxable defaults to true). One object shape, so that a refusal names the field at fault.
 */
const line = v.pipe(
  v.strictObject({
    priceBookItemId: v.optional(reference("priceBookItemId")),
    serviceId: v.optional(reference("serviceId")),
    description: v.optional(text(MAX_LINE_DESCRIPTION, "Line description")),
    quantity,
    unitPriceCents: v.optional(priceCents("Unit price")),
    taxable: v.optional(v.boolean("taxable must be true or false")),
  }),
  v.check((l) => {
    const custom = l.description !== undefined || l.unitPriceCents !== undefined;
    const sources = [l.priceBookItemId !== undefined, l.serviceId !== undefined, custom].filter(Boolean).length;
    if (sources !== 1) return false;
    return custom ? l.description !== undefined && l.unitPriceCents !== undefined : l.taxable === undefined;
  }, SOURCE_PROBLEM),
  v.transform((l): LineRequest => {
    if (l.priceBookItemId !== undefined) {
      return { source: "price-book", priceBookItemId: l.priceBookItemId, quantity: l.quantity };
    }
    if (l.serviceId !== undefined) return { source: "service", serviceId: l.serviceId, quantity: l.quantity };
    return {
      source: "custom",
      description: l.description!,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents!,
      taxable: l.taxable ?? true,
    };
  }),
);

const option = v.pipe(
  v.strictObject({
    _id: v.optional(clientId("Option _id")),
    title: text(MAX_OPTION_TITLE, "Option title"),
    lines: v.pipe(
      v.array(line, "lines must be a list"),
      v.minLength(1, "Each option needs at least 1 line"),
      v.maxLength(MAX_LINES, `An option may have at most ${MAX_LINES} lines`),
    ),
    /** The deposit approving it asks: a percent of its total or an amount, not both; left out, the default. */
    depositPercent: v.optional(percent("Deposit percent", 0, 100)),
    depositCents: v.optional(priceCents("Deposit")),
  }),
  v.check(
    (o) => o.depositPercent === undefined || o.depositCents === undefined,
    "An option's deposit is a percent or an amount, not both",
  ),
);

/**
 * POST /api/estimates. `_id` and each option's `_id` may be chosen by the device (UUIDs), so that an estimate made
 * offline and its approval queued after it name the same estimate and option; the server gives the number when it
 * arrives. The same `_id` again answers the estimate already made (nothing is made twice).
 */
export const EstimateCreateSchema = v.strictObject({
  _id: v.optional(clientId("_id")),
  bookingId: v.pipe(v.string("bookingId must be text"), v.nonEmpty("bookingId is required"), v.maxLength(64)),
  options: v.pipe(
    v.array(option, "options must be a list"),
    v.minLength(1, "An estimate needs at least 1 option"),
    v.maxLength(MAX_OPTIONS, `An estimate may have at most ${MAX_OPTIONS} options`),
    v.check((options) => {
      const ids = options.flatMap((o) => (o._id ? [o._id] : []));
      return new Set(ids).size === ids.length;
    }, "Two options must not have the same _id"),
  ),
  message: optionalText(MAX_ESTIMATE_MESSAGE, "Message"),
  /** Every option's deposit that names none; left out, the Settings default. */
  depositPercent: v.optional(percent("Deposit percent", 0, 100)),
  /** When it was made on the device. */
  at: v.optional(deviceTime),
});
export type EstimateCreate = v.InferOutput<typeof EstimateCreateSchema>;

const optionId = v.pipe(v.string("optionId must be text"), v.nonEmpty("optionId is required"), v.maxLength(64));
const signedBy = text(MAX_SIGNED_BY, "Name");

/** POST /api/estimates/by-token/{token}/approve: the customer's typed name, and a drawn signature if they drew one. */
export const ApproveByTokenSchema = v.strictObject({
  optionId,
  signedBy,
  signature: v.optional(signature),
});
export type ApproveByToken = v.InferOutput<typeof ApproveByTokenSchema>;

/**
 * The deposit taken with an on-site approval: how it was paid and the amount the tablet showed, which the server checks
 * against the option's deposit it computes itself.
 */
export const OnSiteDepositSchema = v.strictObject({
  method: v.picklist(RECORDED_METHODS, "The deposit's method must be cash, check or card"),
  amountCents: v.pipe(
    v.number("The deposit must be a number of cents"),
    v.integer("The deposit must be a whole number of cents"),
    v.minValue(1, "The deposit must be more than 0"),
  ),
  reference: optionalText(100, "Reference"),
});
export type OnSiteDeposit = v.InferOutput<typeof OnSiteDepositSchema>;

/** POST /api/estimates/{id}/approve: signed on the tablet, with the device's time of signing, and maybe its deposit. */
export const ApproveOnSiteSchema = v.strictObject({
  optionId,
  signedBy,
  signature,
  at: v.optional(deviceTime),
  deposit: v.optional(OnSiteDepositSchema),
});
export type ApproveOnSite = v.InferOutput<typeof ApproveOnSiteSchema>;

/** POST /api/estimates/by-token/{token}/decline. */
export const DeclineSchema = v.strictObject({ reason: optionalText(MAX_DECLINE_REASON, "Reason") });

/** How GET /api/estimates may order them: by number, which follows their arrival (newest first by default). */
export const ESTIMATE_SORTS = ["-number", "number"] as const;
export type EstimateSort = (typeof ESTIMATE_SORTS)[number];

/**
 * GET /api/estimates: one page of estimates, of one booking with `bookingId`; `status` as the customer sees it now
 * (an open one past its date is expired); `q` searches the number and the booking's customer.
 */
export const EstimatesQuerySchema = v.strictObject({
  ...pageQueryFields,
  sort: sortField(ESTIMATE_SORTS, "-number"),
  bookingId: v.optional(
    v.pipe(v.string("bookingId must be text"), v.nonEmpty("bookingId is required"), v.maxLength(64)),
  ),
  status: v.optional(v.picklist(ESTIMATE_STATUSES, `status must be one of ${ESTIMATE_STATUSES.join(", ")}`)),
});
export type EstimatesQuery = v.InferOutput<typeof EstimatesQuerySchema>;
