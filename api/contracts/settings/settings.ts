import { DEFAULT_TRAVEL_RULES, SEEDED_SERVICE_WORK, type ServiceWork, type TravelRules } from "../schedule/board.ts";
import { DEFAULT_REMINDERS, type ReminderSettings } from "../outbox/reminders.ts";
import { hoursTexts, hoursTextsEs } from "../schedule/hours-text.ts";
import { type BookingRules, DEFAULT_BOOKING_RULES } from "../schedule/rules.ts";
import { type BusinessProfile, profileIn, type ProfileTexts } from "./profile.ts";
import type { SettingsUpdate } from "./schemas.ts";

/** Who the business is, as the owner edits it in Settings (the texts every page, e-mail and the manifest show). */
export interface SettingsProfile {
  name: string;
  shortName: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  /** Two-letter US state code. */
  state: string;
  zip: string;
  /** Where the business works, read after "in" or "across": "the Charlotte area". */
  serviceArea: string;
  /** The same in Spanish, read after "en": "el área de Charlotte". */
  serviceAreaEs: string;
}

/** GET /api/settings: everything the owner runs the business with (one row in Postgres). */
export interface Settings extends BookingRules {
  profile: SettingsProfile;
  /** Bookings per date and time slot. */
  slotCapacity: number;
  /** Which reminder e-mails go out. */
  reminders: ReminderSettings;
  /** The tax on taxable estimate and invoice lines, 0–20 with at most two decimals (8.25 is 8.25%). */
  taxRatePercent: number;
  /** What the tax is called on documents: "Sales tax". */
  taxLabel: string;
  /** Whether a completed visit's customer is asked "How did we do?". */
  ratingEmail: boolean;
  /** The business's public review page (Google, Yelp, ...), offered after 4 or 5 stars; empty for none. */
  reviewUrl: string;
  /** How long each service's job takes, by service id (a service not listed: DEFAULT_SERVICE_WORK). */
  serviceWork: Record<string, ServiceWork>;
  /** The drive between two jobs. */
  travel: TravelRules;
  /** Whether a card or online payment may carry a tip, and the three percentages the payment dialog offers. */
  tipsEnabled: boolean;
  tipPercentPresets: number[];
  /** The deposit an estimate option asks when it names none, in percent of its total (0: none). */
  depositDefaultPercent: number;
}

/** No tips and no deposit until the owner turns them on; the usual three tip percentages. */
export const DEFAULT_MONEY_OPTIONS = { tipsEnabled: false, tipPercentPresets: [15, 18, 20], depositDefaultPercent: 0 };

/** Customers are asked for a rating; no review page until the owner gives one. */
export const DEFAULT_RATINGS = { ratingEmail: true, reviewUrl: "" } as const;

/** No tax until the owner sets the rate. */
export const DEFAULT_TAX = { taxRatePercent: 0, taxLabel: "Sales tax" } as const;

/** SPEC §9's capacity: SLOT_CAPACITY seeds another one on the first start only. */
export const DEFAULT_SLOT_CAPACITY = 2;

/** PUT /api/settings answers the saved settings, and the live bookings the change left on a closed day or hour. */
export interface SettingsSaved {
  data: Settings;
  affectedBookings?: AffectedBooking[];
}

export interface AffectedBooking {
  _id: string;
  cleaningDate: string;
  cleaningTime: string;
  firstName: string;
  lastName: string;
}

/** The settings a first start writes: the profile it was configured with and the default booking rules. */
export function initialSettings(
  profile: BusinessProfile,
  seed: { slotCapacity?: number; bookingHorizonDays?: number } = {},
): Settings {
  return {
    profile: settingsProfileOf(profile),
    ...DEFAULT_BOOKING_RULES,
    horizonDays: seed.bookingHorizonDays ?? DEFAULT_BOOKING_RULES.horizonDays,
    slotCapacity: seed.slotCapacity ?? DEFAULT_SLOT_CAPACITY,
    reminders: DEFAULT_REMINDERS,
    ...DEFAULT_TAX,
    ...DEFAULT_RATINGS,
    ...DEFAULT_MONEY_OPTIONS,
    serviceWork: { ...SEEDED_SERVICE_WORK },
    travel: DEFAULT_TRAVEL_RULES,
  };
}

/** A profile's Spanish texts; its English ones where it has none. */
function spanishOf(p: BusinessProfile): ProfileTexts {
  const { hours, hoursShort, hoursText, serviceArea } = profileIn(p, "es");
  return { hours, hoursShort, hoursText, serviceArea };
}

/** The editable part of a business profile. */
export function settingsProfileOf(p: BusinessProfile): SettingsProfile {
  const { street, city, state, zip } = p.address;
  return {
    name: p.name,
    shortName: p.shortName,
    phone: p.phone,
    email: p.email,
    street,
    city,
    state,
    zip,
    serviceArea: p.serviceArea,
    serviceAreaEs: profileIn(p, "es").serviceArea,
  };
}

/** The booking rules of the settings: what the profile serves to everyone and the rule functions take. */
export function bookingRulesOf(s: Settings): BookingRules {
  const { hours, closedDates, leadDays, horizonDays, discountTiers, serviceAreaZips } = s;
  return { hours, closedDates, leadDays, horizonDays, discountTiers, serviceAreaZips };
}

/** A full business profile (claims, time zone from `base`) with the settings' values and their hours texts. */
export function profileWithSettings(base: BusinessProfile, s: Settings): BusinessProfile {
  const profile = withSettingsProfile(base, s.profile);
  return {
    ...profile,
    ...hoursTexts(s.hours, base),
    es: { ...spanishOf(profile), ...hoursTextsEs(s.hours, spanishOf(base)) },
    bookingHorizonDays: s.horizonDays,
    bookingRules: bookingRulesOf(s),
    taxRatePercent: s.taxRatePercent,
    taxLabel: s.taxLabel,
    tips: { enabled: s.tipsEnabled, percentPresets: s.tipPercentPresets },
  };
}

/** `base` with who the business is as the owner saved it (what e-mails need of the settings). */
export function withSettingsProfile(base: BusinessProfile, p: SettingsProfile): BusinessProfile {
  const { street, city, state, zip, serviceAreaEs, ...texts } = p;
  return {
    ...base,
    ...texts,
    address: { street, city, state, zip },
    es: { ...spanishOf(base), serviceArea: serviceAreaEs },
  };
}

/** The settings after a partial update (see SettingsUpdateSchema): profile, hours, reminders and travel merge
 * field by field, service durations service by service. */
export function mergeSettings(current: Settings, update: SettingsUpdate): Settings {
  const { profile, hours, reminders, serviceWork, travel, ...rest } = update;
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
  return {
    ...current,
    ...defined(rest),
    profile: { ...current.profile, ...defined(profile ?? {}) },
    hours: { ...current.hours, ...defined(hours ?? {}) },
    reminders: { ...current.reminders, ...defined(reminders ?? {}) },
    serviceWork: { ...current.serviceWork, ...(serviceWork ?? {}) },
    travel: { ...current.travel, ...defined(travel ?? {}) },
  };
}

/** Why merged settings cannot stand together, or null when they can. */
export function settingsProblem(s: Settings): string | null {
  if (s.leadDays > s.horizonDays) return "Lead time must not be longer than the horizon";
  return null;
}
