import type { Locale } from "@contracts/i18n/locales.ts";
import type { CustomerLanguage } from "@contracts/portal/language.ts";
import type { DataEnvelope } from "@contracts/common/wire.ts";
import type {
  CustomerSessionResponse,
  PortalPreferences,
  PortalVisit,
  PortalVisitDetails,
  PortalVisits,
  RatingLinkView,
  RatingSaved,
} from "@contracts/portal/portal.ts";
import type { PortalEstimates, PortalInvoices } from "@contracts/portal/money.ts";
import type { Reschedule } from "@contracts/bookings/schemas.ts";
import type { SmsConsent, SmsConsentChange } from "@contracts/texts/texts.ts";
import { ApiError, fetchWithToken, request } from "../../lib/http.ts";
import { forgetPortal, PHOTO_CACHE } from "./session.ts";

// Every call goes straight to the server, never through the device queue: a move or cancel decided offline could
// land after the 24-hour limit or in a slot taken meanwhile, so the customer must see the answer.

/**
 * A call with the customer's session, which the browser sends as its cookie (with the page's Origin on a write, which
 * the server checks); a 401 means it ended (signed out elsewhere, expired): it is forgotten.
 */
async function withSession<T>(
  path: string,
  options: { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown } = {},
) {
  try {
    return await request<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forgetPortal();
    throw error;
  }
}

export const askForLink = (email: string) =>
  request<{ message: string }>("/api/portal/sign-in", { method: "POST", body: { email } });

export const openSession = (token: string) =>
  request<CustomerSessionResponse>("/api/portal/sessions", { method: "POST", body: { token } });

export const signOut = () => withSession<null>("/api/portal/sessions/current", { method: "DELETE" });

export const fetchVisits = async () => (await withSession<DataEnvelope<PortalVisits>>("/api/portal/visits")).data;

export const fetchEstimates = async () =>
  (await withSession<DataEnvelope<PortalEstimates>>("/api/portal/estimates")).data;

export const fetchInvoices = async () => (await withSession<DataEnvelope<PortalInvoices>>("/api/portal/invoices")).data;

/** The page's three lists at once: it shows them together, and keeps them together for reading offline. */
export async function fetchHome() {
  const [visits, estimates, invoices] = await Promise.all([fetchVisits(), fetchEstimates(), fetchInvoices()]);
  return { visits, estimates, invoices };
}

export const fetchVisit = async (id: string) =>
  (await withSession<DataEnvelope<PortalVisitDetails>>(`/api/portal/visits/${encodeURIComponent(id)}`)).data;

export const cancelVisit = async (id: string) =>
  (
    await withSession<DataEnvelope<PortalVisit>>(`/api/portal/visits/${encodeURIComponent(id)}/cancel`, {
      method: "POST",
    })
  ).data;

export const moveVisit = async (id: string, slot: Reschedule) =>
  (
    await withSession<DataEnvelope<PortalVisit>>(`/api/portal/visits/${encodeURIComponent(id)}`, {
      method: "PUT",
      body: slot,
    })
  ).data;

export const fetchPreferences = async () =>
  (await withSession<DataEnvelope<PortalPreferences>>("/api/portal/preferences")).data;

export const savePreferences = async (change: Partial<PortalPreferences>) =>
  (await withSession<DataEnvelope<PortalPreferences>>("/api/portal/preferences", { method: "PUT", body: change })).data;

/** GET/PUT /api/portal/sms-consent: the customer's own consent to texts, with the disclosure they were shown. */
export const fetchSmsConsent = async () =>
  (await withSession<DataEnvelope<SmsConsent>>("/api/portal/sms-consent")).data;
export const saveSmsConsent = async (change: SmsConsentChange) =>
  (await withSession<DataEnvelope<SmsConsent>>("/api/portal/sms-consent", { method: "PUT", body: change })).data;

export const rateSignedIn = async (bookingId: string, stars: number, comment: string) =>
  (
    await withSession<DataEnvelope<RatingSaved>>("/api/portal/ratings", {
      method: "POST",
      body: { bookingId, stars, comment },
    })
  ).data;

const ratingPath = (token: string) => `/api/portal/ratings/${encodeURIComponent(token)}`;

export const fetchRatingLink = async (token: string) =>
  (await request<DataEnvelope<RatingLinkView>>(ratingPath(token))).data;

export const rateByLink = async (token: string, stars: number, comment: string) =>
  (await request<DataEnvelope<RatingSaved>>(ratingPath(token), { method: "POST", body: { stars, comment } })).data;

/**
 * A report's photo, fetched (with the session's cookie) to be kept: each URL names one image that never changes, so
 * the device keeps it (Cache Storage) and shows it again with no signal.
 */
export async function portalPhoto(url: string): Promise<Blob> {
  const cache = await globalThis.caches?.open(PHOTO_CACHE).catch(() => undefined);
  const kept = await cache?.match(url);
  if (kept) return await kept.blob();
  const response = await fetchWithToken(url, null);
  await cache?.put(url, response.clone()).catch(() => undefined);
  return await response.blob();
}

/** GET /api/portal/language: the language on the customer's record. */
export const fetchLanguage = async () =>
  (await withSession<DataEnvelope<CustomerLanguage>>("/api/portal/language")).data;

/** PUT /api/portal/language: the language on the customer's record, which their page, e-mails and texts use. */
export const saveLanguage = async (locale: Locale) =>
  (await withSession<DataEnvelope<CustomerLanguage>>("/api/portal/language", { method: "PUT", body: { locale } })).data;
