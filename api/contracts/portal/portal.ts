import type { Locale } from "../i18n/locales.ts";
import type { BookingStatus } from "../bookings/booking.ts";
import type { BookingFields } from "../bookings/schemas.ts";
import type { BookingChecklistItem } from "../visit/checklists.ts";
import type { PhotoKind, VisitHistoryEntry, VisitStage } from "../visit/visit.ts";

/** A sign-in link works this long, once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A customer session lasts this long unless its customer signs out. */
export const CUSTOMER_SESSION_DAYS = 30;
/** Sign-in e-mails asked for, per address and per client address, per hour. */
export const SIGN_IN_LIMITS = { perEmail: 5, perClient: 20 } as const;

/**
 * "How did we do?" goes this long after the visit is completed by default (RATING_DELAY_MINUTES): the technician has
 * left, the customer has seen the result.
 */
export const RATING_EMAIL_DELAY_HOURS = 2;

/** What the rating link's signature is made for (the token service's link purpose). */
export const RATING_LINK_PURPOSE = "rating";

/** The customer's session tokens start with this: they can never be taken for a staff JWT (or one for them). */
export const CUSTOMER_TOKEN_PREFIX = "cust_";

/** The cookie the customer's session travels in (sent as `__Host-` and this name: see api/http/customer-cookie.ts). */
export const CUSTOMER_SESSION_COOKIE = "clearflow-portal";

/** Who is signed in on this browser (the page reads it; the server renders the page with it). */
export const PORTAL_SESSION_PATH = "/api/portal/sessions/current";

/** The portal's reads of the page's lists and of one visit, which its pages are rendered from. */
export const PORTAL_HOME_PATHS = {
  visits: "/api/portal/visits",
  estimates: "/api/portal/estimates",
  invoices: "/api/portal/invoices",
  preferences: "/api/portal/preferences",
  smsConsent: "/api/portal/sms-consent",
  memberships: "/api/portal/memberships",
  /** The plans the customer may join (rendered with the page: no read of its own after it). */
  offer: "/api/portal/memberships/offer",
  language: "/api/portal/language",
} as const;
export const portalVisitPath = (id: string) => `/api/portal/visits/${encodeURIComponent(id)}`;

/** The customer's own page: sign in there with an e-mailed link. */
export const PORTAL_PATH = "/portal";

/** The site's page a sign-in link opens. */
export const portalSignInPath = (token: string) => `/portal/sign-in/${encodeURIComponent(token)}`;

/** The page of the one-time rating link, with the stars tapped in the e-mail. */
export const ratingPath = (token: string, stars?: number) =>
  `/portal/rate/${encodeURIComponent(token)}${stars ? `?stars=${stars}` : ""}`;

/** What the portal answers, whatever happens: the same words for an address with bookings and one without. */
export const PORTAL_MESSAGES = {
  signInSent:
    "If we have bookings for that address, a sign-in link is on its way. It works once, for 15 minutes. Check your inbox.",
  signInLinkInvalid: "That sign-in link has expired or was already used. Ask for a new link to sign in.",
  visitNotFound: "Visit not found",
  ratingTwice: "This visit has already been rated. Thank you!",
  ratingNotYet: "A visit can be rated once it is completed.",
  ratingLinkInvalid: "That rating link is not valid.",
  customersOnly: "Sign in to your customer page to do that.",
  crossSite: "That request did not come from this site's own pages.",
  /** A signed-in customer whose bookings no worker has linked to a record yet. */
  customerNotFound: "Customer not found",
} as const;

/**
 * POST /api/portal/sessions and GET /api/portal/sessions/current: who is signed in and until when. The session itself
 * is the HttpOnly cookie the answer sets; the page never holds it.
 */
export interface CustomerSessionResponse {
  /** ISO instant. */
  expiresAt: string;
  email: string;
}

/** A visit as its customer sees it in a list. */
export interface PortalVisit {
  _id: string;
  serviceType: string;
  serviceTitle: string;
  unitCount: number;
  cleaningDate: string;
  cleaningTime: string;
  homeAddress: string;
  city: string;
  state: string;
  zip: string;
  estimatedPrice: number;
  status: BookingStatus;
  visitStage: VisitStage;
  visitStageAt: string | null;
  /** The technician's first name once one is assigned; never their full name, id or e-mail. */
  technicianFirstName: string | null;
  /** True while the customer may still move or cancel it (the manage link's terms). */
  changeable: boolean;
  /** ISO instant after which changes are refused. */
  changeDeadline: string;
  /** The customer's rating of this visit, once given. */
  rating: { stars: number } | null;
}

/** GET /api/portal/visits. */
export interface PortalVisits {
  /** Not completed or cancelled, soonest first. */
  upcoming: PortalVisit[];
  /** Completed or cancelled whatever their date, newest first. */
  past: PortalVisit[];
  /** The customer's details as last booked, for Book again (never a date). */
  lastDetails: PortalCustomerDetails | null;
}

/** What Book again fills in: the booking form's fields less the date, time, comment and prices. */
export type PortalCustomerDetails = Omit<
  BookingFields,
  "cleaningDate" | "cleaningTime" | "comment" | "estimatedPrice" | "originalPrice" | "discountAmount" | "timeZone"
>;

export interface PortalPhoto {
  _id: string;
  kind: PhotoKind;
  /** `/api/portal/photos/{id}`: fetched with the customer's session. */
  url: string;
  at: string;
}

/** GET /api/portal/visits/{id}: the staff's booking details less what is internal. */
export interface PortalVisitDetails extends PortalVisit {
  /** Stages with their times (the technician's first name only). */
  visit: { stage: VisitStage; history: Omit<VisitHistoryEntry, "by" | "receivedAt">[]; customerNotPresent: boolean };
  checklist: Pick<BookingChecklistItem, "_id" | "label" | "done">[];
  /**
   * Notes meant for the customer: a technician's visit notes are all written into the service report the customer
   * is e-mailed, so all of them are; the booking's comment is the customer's own (decision 0056).
   */
  notes: { _id: string; text: string; at: string }[];
  photos: PortalPhoto[];
  signature: { url: string } | null;
  /** When the visit began and ended (the technician's own times), once it has. */
  began: string | null;
  ended: string | null;
}

/** GET and PUT /api/portal/preferences: the customer's own e-mail switches. */
export interface PortalPreferences {
  /** The e-mail ahead of each visit. */
  visitReminders: boolean;
  /** The "time for your yearly cleaning" e-mail (the one-click unsubscribe turns it off too). */
  yearlyReminders: boolean;
}

/** POST /api/portal/ratings and /api/portal/ratings/{token}: the answer. */
export interface RatingSaved {
  stars: number;
  /** The business's public review page, offered for 4 or 5 stars when Settings has one. */
  reviewUrl?: string;
}

/** GET /api/portal/ratings/{token}: what the rating page shows before the tap. */
export interface RatingLinkView {
  /** In the customer's language: the service's Spanish title when it has one. */
  serviceTitle: string;
  /** The language on the customer's record, which the page is shown in unless the device chose its own. */
  locale: Locale;
  cleaningDate: string;
  technicianFirstName: string | null;
  /** The rating already given, if any (the link then only thanks). */
  rating: { stars: number } | null;
}

/** A rating as the office sees it (the `ratingReceived` event). */
export interface RatingReceived {
  bookingId: string;
  stars: number;
  comment: string;
  technicianId: string | null;
  technicianName: string | null;
  customerName: string;
  createdAt: string;
}

/** 4 or 5 stars: the customer is offered the public review page. Below, only thanks: every rating is kept. */
export const offersReview = (stars: number) => stars >= 4;

/** "Ann" of "Ann Marie Lopez": what a customer learns of their technician. */
export const firstNameOf = (name: string | null) => (name ? (name.trim().split(/\s+/)[0] ?? null) : null);
