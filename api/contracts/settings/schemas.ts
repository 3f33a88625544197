import * as v from "valibot";
import { MAX_UNITS } from "../bookings/units.ts";
import { percent, taxRatePercent } from "../money/schemas.ts";
import { email, isoDate, optionalText, phone, text, wholeNumber } from "../common/fields.ts";
import { US_STATE_CODES } from "../common/states.ts";
import { WEEKDAYS } from "../schedule/rules.ts";
import { TRAVEL_LIMITS, WORK_MINUTES_LIMITS } from "../schedule/board.ts";

/** A time on the hour, 24-hour clock: slots are hourly, so the hours are too. */
const onTheHour = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.regex(/^([01]\d|2[0-3]):00$/, `${label} must be a time on the hour, like 07:00`),
  );

const openHours = v.pipe(
  v.strictObject({ open: onTheHour("Opening time"), close: onTheHour("Closing time") }),
  // The last slot starts at `close`: equal times are a day of one slot.
  v.check((d) => d.open <= d.close, "Closing time must not be before opening time"),
);

/** A weekday's hours, or null for closed; days left out keep theirs. */
const hours = v.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, v.optional(v.nullable(openHours))])) as Record<
    (typeof WEEKDAYS)[number],
    v.OptionalSchema<v.NullableSchema<typeof openHours, undefined>, undefined>
  >,
);

const closedDates = v.pipe(
  v.array(
    v.pipe(
      v.strictObject({
        from: isoDate,
        // A single date needs no end.
        to: v.optional(isoDate),
        reason: optionalText(100, "Reason"),
      }),
      v.transform((c) => ({ from: c.from, to: c.to ?? c.from, reason: c.reason })),
      v.check((c) => c.from <= c.to, "A closed period must not end before it starts"),
    ),
    "Closed dates must be a list",
  ),
  v.maxLength(200, "At most 200 closed periods"),
  v.transform((list) => [...list].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))),
);

const discountTiers = v.pipe(
  v.array(
    v.strictObject({
      minUnits: wholeNumber("Minimum units", 1, MAX_UNITS),
      percent: v.pipe(
        v.number("Discount percent must be a number"),
        v.finite("Discount percent must be a number"),
        v.minValue(0, "Discount percent must be at least 0"),
        v.maxValue(100, "Discount percent must be at most 100"),
        v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Discount percent must have at most 2 decimals"),
      ),
    }),
    "Discount tiers must be a list",
  ),
  v.maxLength(MAX_UNITS, `At most ${MAX_UNITS} discount tiers`),
  v.check(
    (tiers) => new Set(tiers.map((t) => t.minUnits)).size === tiers.length,
    "Two discount tiers must not start at the same number of units",
  ),
  v.transform((tiers) => [...tiers].sort((a, b) => a.minUnits - b.minUnits)),
);

const serviceAreaZips = v.pipe(
  v.array(
    v.pipe(v.string("ZIP must be text"), v.trim(), v.regex(/^\d{5}$/, "Each service area ZIP code must be 5 digits")),
    "Service area ZIP codes must be a list",
  ),
  v.maxLength(2000, "At most 2000 service area ZIP codes"),
  v.transform((zips) => [...new Set(zips)].sort()),
);

const profile = v.strictObject({
  name: v.optional(text(120, "Business name")),
  shortName: v.optional(text(40, "Short name")),
  phone: v.optional(phone),
  email: v.optional(email),
  street: v.optional(text(200, "Street")),
  city: v.optional(text(100, "City")),
  state: v.optional(v.picklist(US_STATE_CODES, "State must be one of the 50 US states")),
  zip: v.optional(v.pipe(v.string("ZIP must be text"), v.trim(), v.regex(/^\d{5}$/, "ZIP code must be 5 digits"))),
  serviceArea: v.optional(text(120, "Service area")),
  serviceAreaEs: v.optional(text(120, "Service area (Spanish)")),
});

/** The public review page: an https address, or empty for none. */
const reviewUrl = v.pipe(
  v.string("Review link must be text"),
  v.trim(),
  v.maxLength(500, "Review link must be at most 500 characters"),
  v.check((url) => url === "" || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(url), "Review link must start with https://"),
);

const workMinutes = (label: string) => wholeNumber(label, WORK_MINUTES_LIMITS.min, WORK_MINUTES_LIMITS.max);

/** Per service id, its job's minutes: services left out keep theirs. */
const serviceWork = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,80}$/, "Each duration must name a service")),
    v.strictObject({
      firstUnitMinutes: workMinutes("Minutes for the first unit"),
      extraUnitMinutes: v.pipe(
        v.number("Minutes for each further unit must be a number"),
        v.integer("Minutes for each further unit must be a whole number"),
        v.minValue(0, "Minutes for each further unit must be at least 0"),
        v.maxValue(WORK_MINUTES_LIMITS.max, `Minutes for each further unit must be at most ${WORK_MINUTES_LIMITS.max}`),
      ),
    }),
    "Job durations must be a list by service",
  ),
  v.check((table) => Object.keys(table).length <= 200, "At most 200 job durations"),
);

const decimal = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );

const tipPercent = wholeNumber("Tip preset", 1, 100);

const travel = v.strictObject({
  roadFactor: v.optional(decimal("Road factor", TRAVEL_LIMITS.roadFactor.min, TRAVEL_LIMITS.roadFactor.max)),
  mph: v.optional(decimal("Average speed", TRAVEL_LIMITS.mph.min, TRAVEL_LIMITS.mph.max)),
  minMinutes: v.optional(wholeNumber("Shortest drive", TRAVEL_LIMITS.minMinutes.min, TRAVEL_LIMITS.minMinutes.max)),
});

/**
 * PUT /api/settings: any part of the settings; what is left out stays as it is (in `profile`, `hours` and `reminders` field by
 * field, lists as a whole). Unknown fields are refused, so a misspelt one is not silently ignored.
 */
export const SettingsUpdateSchema = v.strictObject({
  profile: v.optional(profile),
  hours: v.optional(hours),
  closedDates: v.optional(closedDates),
  slotCapacity: v.optional(wholeNumber("Slot capacity", 1, 100)),
  leadDays: v.optional(wholeNumber("Lead time", 0, 365)),
  horizonDays: v.optional(wholeNumber("Horizon", 1, 3650)),
  discountTiers: v.optional(discountTiers),
  serviceAreaZips: v.optional(serviceAreaZips),
  taxRatePercent: v.optional(taxRatePercent),
  taxLabel: v.optional(text(40, "Tax label")),
  reminders: v.optional(
    v.strictObject({
      visit: v.optional(v.boolean("Visit reminders must be on or off")),
      rebook: v.optional(v.boolean("Rebook reminders must be on or off")),
    }),
  ),
  ratingEmail: v.optional(v.boolean("The rating e-mail must be on or off")),
  reviewUrl: v.optional(reviewUrl),
  serviceWork: v.optional(serviceWork),
  travel: v.optional(travel),
  tipsEnabled: v.optional(v.boolean("Tips must be on or off")),
  tipPercentPresets: v.optional(
    v.pipe(
      v.tuple([tipPercent, tipPercent, tipPercent], "Tip presets must be three percentages"),
      v.check((p) => new Set(p).size === 3, "The three tip presets must differ"),
      v.transform((p) => [...p].sort((a, b) => a - b)),
    ),
  ),
  depositDefaultPercent: v.optional(percent("Default deposit percent", 0, 100)),
});
export type SettingsUpdate = v.InferOutput<typeof SettingsUpdateSchema>;
