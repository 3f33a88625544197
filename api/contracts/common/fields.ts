import * as v from "valibot";
import { isDeliverableEmail } from "./email.ts";
import { isIsoDate } from "../schedule/dates.ts";

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

/** A whole number from `min` to `max`, named by `label` in every message. */
export const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
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
