/**
 * The part of the business settings that decides what a customer may book and what it costs: opening hours,
 * closed dates, lead time, horizon, discount tiers and the service area. The server keeps them in Postgres
 * (GET/PUT /api/settings) and serves them to everyone in the profile (GET /api/profile `bookingRules`), so the
 * PWA and the server call the same rule functions (schedule/dates.ts, bookings/pricing.ts, bookings/service-area.ts) with the same value.
 * The defaults below are SPEC §9 and the only copy of it.
 */

/** The business's time zone until the settings say otherwise (dates.ts re-exports it where the date rules are). */
export const DEFAULT_BUSINESS_TZ = "America/New_York";

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One open day: the first slot starts at `open`, the last one at `close` (24-hour "HH:00"). */
export interface OpenHours {
  open: string;
  close: string;
}

/** Per weekday the open hours, or null when the business is closed that day. */
export type WeeklyHours = Record<Weekday, OpenHours | null>;

/** Dates on which nothing can be booked (holidays, vacation), both ends included; `reason` may be "". */
export interface ClosedDates {
  from: string;
  to: string;
  reason: string;
}

/** From `minUnits` units on, `percent` off the original price; the tier with the highest minUnits reached applies. */
export interface DiscountTier {
  minUnits: number;
  percent: number;
}

export interface BookingRules {
  hours: WeeklyHours;
  closedDates: ClosedDates[];
  /** The first bookable date is today + leadDays (1: tomorrow). */
  leadDays: number;
  /** The last bookable date is today + horizonDays. */
  horizonDays: number;
  discountTiers: DiscountTier[];
  /** ZIP codes (5 digits) served; empty means everywhere. */
  serviceAreaZips: string[];
}

const SEVEN_TO_SEVEN: OpenHours = { open: "07:00", close: "19:00" };

/** SPEC §9: every day 7:00 AM to 7:00 PM (13 hourly slots), Saturday closed, from tomorrow, 10% from 2 units. */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  hours: {
    sunday: SEVEN_TO_SEVEN,
    monday: SEVEN_TO_SEVEN,
    tuesday: SEVEN_TO_SEVEN,
    wednesday: SEVEN_TO_SEVEN,
    thursday: SEVEN_TO_SEVEN,
    friday: SEVEN_TO_SEVEN,
    saturday: null,
  },
  closedDates: [],
  leadDays: 1,
  horizonDays: 365,
  discountTiers: [{ minUnits: 2, percent: 10 }],
  serviceAreaZips: [],
};
