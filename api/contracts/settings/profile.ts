// From rules.ts, not dates.ts: every page's entry reads the profile, and dates.ts there would ride along whole.
import { type BookingRules, DEFAULT_BOOKING_RULES, DEFAULT_BUSINESS_TZ } from "../schedule/rules.ts";
import type { Locale } from "../i18n/locales.ts";

/** The profile's texts that are words of a language: the hours and the service area. */
export interface ProfileTexts {
  hours: string;
  hoursShort: string;
  hoursText: string;
  serviceArea: string;
}

/** Who the business is (DESIGN "Business profile"): every page, the manifest and the e-mails read it from here. */
export interface BusinessProfile {
  name: string;
  /** The brand in the navigation bar and the installed app's name under its icon (manifest short_name). */
  shortName: string;
  phone: string;
  email: string;
  /** `state` is a two-letter US state code (contracts/common/states.ts). */
  address: { street: string; city: string; state: string; zip: string };
  /** Where the business works, as a phrase that reads after "in" or "across": "the Charlotte area". */
  serviceArea: string;
  founded: number;
  timeZone: string;
  /** How many days ahead a visit may be booked: the date pickers offer nothing later (= bookingRules.horizonDays). */
  bookingHorizonDays: number;
  /** Hours, closed dates, lead time, horizon, discount tiers and service area of the settings: the rules' argument. */
  bookingRules: BookingRules;
  /** The hours line of SPEC §1: "Mon-Sun 7:00 AM - 7:00 PM". */
  hours: string;
  /** Its short variant in the top bar and footer: "Mon-Sun: 7:00AM - 7:00PM / Sat-close". */
  hoursShort: string;
  /** The hours in running text, closed days included: "We are open {hoursText}." */
  hoursText: string;
  /**
   * The same texts in Spanish, for a Spanish page or message (see profileIn): the hours written by hoursTextsEs, the
   * service area from BUSINESS_SERVICE_AREA_ES or Settings. The server always sends them; a profile kept from before
   * has none, and shows its English ones.
   */
  es?: ProfileTexts;
  claims: {
    years: string;
    clients: string;
    projects: string;
    satisfaction: string;
    technicians: string;
    emergency: string;
  };
  certifications: string[];
  /**
   * The tax on taxable estimate lines (Settings → Tax): public, like the prices it applies to, so a technician's
   * tablet prices a draft offline with the rate the server will use.
   */
  taxRatePercent: number;
  taxLabel: string;
  /** Settings → Tips: public, so the technician's payment dialog offers them offline. */
  tips: { enabled: boolean; percentPresets: number[] };
}

/**
 * The business profile of a Charlotte company founded in 2010: the server's defaults for the BUSINESS_* variables,
 * and what the PWA shows where no served page brought one (the dev server, tests).
 */
export const DEFAULT_PROFILE: BusinessProfile = {
  name: "ClearFlow Duct & Vent Cleaning",
  shortName: "ClearFlow",
  phone: "(704) 555-0142",
  email: "hello@clearflowclean.com",
  address: { street: "4521 South Blvd", city: "Charlotte", state: "NC", zip: "28209" },
  serviceArea: "the Charlotte area",
  founded: 2010,
  timeZone: DEFAULT_BUSINESS_TZ,
  bookingHorizonDays: DEFAULT_BOOKING_RULES.horizonDays,
  bookingRules: DEFAULT_BOOKING_RULES,
  hours: "Mon-Sun 7:00 AM - 7:00 PM",
  hoursShort: "Mon-Sun: 7:00AM - 7:00PM / Sat-close",
  hoursText: "Mon-Sun 7:00 AM to 7:00 PM, Saturday closed",
  claims: {
    years: "15+",
    clients: "1500+",
    projects: "5000+",
    satisfaction: "98%",
    technicians: "15+",
    emergency: "24/7",
  },
  certifications: [
    "Member of the national air duct cleaning industry association",
    "Fully licensed and insured",
    "Accredited business with an A+ rating from the regional business bureau",
    "Certified under environmental agency guidelines for mold and lead-safe work",
  ],
  taxRatePercent: 0,
  taxLabel: "Sales tax",
  tips: { enabled: false, percentPresets: [15, 18, 20] },
};

/**
 * The default profile's texts in Spanish: SPEC's hours in Spanish words, the running text read after "abrimos" and
 * "Nuestro horario:". SPEC's English says "Mon-Sun" and then "Saturday closed" (quoted, so kept); the Spanish names
 * the days the business is open, Sunday to Friday, rather than a week it then takes back. Apart from
 * DEFAULT_PROFILE, whose copy is in every page's first load: the server sends these.
 */
export const DEFAULT_PROFILE_ES: ProfileTexts = {
  hours: "dom-vie 7:00 a.m. - 7:00 p.m.",
  hoursShort: "dom-vie: 7:00 a.m. - 7:00 p.m. / sáb: cerrado",
  hoursText: "de domingo a viernes de 7:00 a.m. a 7:00 p.m.; el sábado cerramos",
  serviceArea: "el área de Charlotte",
};

/**
 * "tel:" link target of a displayed phone number: the number without its visual separators (RFC 3966), so
 * "(704) 555-0142" dials 7045550142.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s().-]/g, "")}`;
}

/** `profile` as a page or message in `locale` prints it: in Spanish, with the Spanish hours and service area. */
export const profileIn = (profile: BusinessProfile, locale: Locale): BusinessProfile =>
  locale === "es" ? { ...profile, ...profile.es } : profile;

/** Id of the JSON data block in which a served page carries its profile, for the PWA's first render to match it. */
export const PROFILE_JSON_ID = "business-profile";

/** How a customer's page and documents name the business: its name, phone, e-mail and address on one line. */
export interface BusinessCard {
  name: string;
  phone: string;
  email: string;
  address: string;
}

export function businessCard(p: Pick<BusinessProfile, "name" | "phone" | "email" | "address">): BusinessCard {
  const { street, city, state, zip } = p.address;
  return { name: p.name, phone: p.phone, email: p.email, address: `${street}, ${city}, ${state} ${zip}` };
}
