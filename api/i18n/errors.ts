import { MESSAGES } from "../contracts/common/messages.ts";
import type { Locale } from "../contracts/i18n/locales.ts";
import type { MessageDescriptor } from "../contracts/i18n/messages.ts";
import { MEMBERSHIP_MESSAGES } from "../contracts/plans/membership-messages.ts";
import { PORTAL_MONEY_MESSAGES } from "../contracts/portal/money.ts";
import { PORTAL_MESSAGES } from "../contracts/portal/portal.ts";
import { translator } from "./translator.ts";

/**
 * The API's refusals a customer's screen shows (the booking form, the manage page, the contact form, their own page),
 * in the customer catalog as `customer.error.<key>`; their English is MESSAGES', word for word. The extractor reads this
 * list (scripts/i18n/extract.mjs), since the texts are not written out here.
 */
export const TRANSLATED_ERRORS = [
  "saturdayClosed",
  "tooSoon",
  "invalidDate",
  "slotFull",
  "bookingFailed",
  "contactFailed",
  "tooManyRequests",
  "notFound",
  "invalidInput",
  "bookingNotFound",
  "malformedJson",
  "payloadTooLarge",
  "internalError",
  "manageNotFound",
  "manageTooLate",
  "manageClosed",
  "manageSameSlot",
  "staleVersion",
  // What the customer's own page is told when their session is gone, when a staff token is sent, or of a photo.
  "unauthorized",
  "forbidden",
  "photoNotFound",
] as const satisfies readonly (keyof typeof MESSAGES)[];

/** The membership refusals a customer meets joining, cancelling or paying a plan on their own page. */
const PLAN_REFUSALS = [
  "notFound",
  "planNotFound",
  "planArchived",
  "propertyNotFound",
  "propertyNotFoundForCustomer",
  "noEmail",
  "already",
  "notSetUp",
  "ended",
  "cancelling",
  // Paying a plan invoice on their own page.
  "invoiceNotFound",
  "paidByCard",
  "alreadyPaid",
] as const satisfies readonly (keyof typeof MEMBERSHIP_MESSAGES)[];

const described = (prefix: string, texts: Readonly<Record<string, string>>, keys: readonly string[]) =>
  keys.map((key): MessageDescriptor => ({ id: `${prefix}.${key}`, defaultMessage: texts[key]! }));

export const ERROR_DESCRIPTORS: MessageDescriptor[] = [
  ...described("customer.error", MESSAGES, TRANSLATED_ERRORS),
  // The customer's own page: its sign-in's answer (the same for any address) and its refusals, by the portal's words.
  ...described("customer.portal", PORTAL_MESSAGES, Object.keys(PORTAL_MESSAGES)),
  ...described("customer.portal", PORTAL_MONEY_MESSAGES, Object.keys(PORTAL_MONEY_MESSAGES)),
  ...described("customer.error.plan", MEMBERSHIP_MESSAGES, PLAN_REFUSALS),
];

const byText = new Map(ERROR_DESCRIPTORS.map((descriptor) => [descriptor.defaultMessage, descriptor]));

/**
 * An error's message in `locale`: as the error writes itself in it (`inLanguage`, a date refusal), else from the
 * catalog; one that is not translated (a field's own check) stays as it is.
 */
export function localizedError(message: string, locale: Locale, inLanguage?: (locale: Locale) => string): string {
  if (inLanguage) return inLanguage(locale);
  const descriptor = locale === "en" ? undefined : byText.get(message);
  return descriptor ? translator(locale).t(descriptor) : message;
}
