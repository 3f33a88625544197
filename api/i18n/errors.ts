import { MESSAGES } from "../contracts/common/messages.ts";
import type { Locale } from "../contracts/i18n/locales.ts";
import type { MessageDescriptor } from "../contracts/i18n/messages.ts";
import { translator } from "./translator.ts";

/**
 * The API's refusals a customer's screen shows (the booking form, the manage page, the contact form), in the
 * customer catalog as `customer.error.<key>`; their English is MESSAGES', word for word. The extractor reads this
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
] as const satisfies readonly (keyof typeof MESSAGES)[];

export const ERROR_DESCRIPTORS: MessageDescriptor[] = TRANSLATED_ERRORS.map((key) => ({
  id: `customer.error.${key}`,
  defaultMessage: MESSAGES[key],
}));

const byText = new Map(ERROR_DESCRIPTORS.map((descriptor) => [descriptor.defaultMessage, descriptor]));

/** An error's message in `locale`; one that is not translated (a field's own check) stays as it is. */
export function localizedError(message: string, locale: Locale): string {
  const descriptor = locale === "en" ? undefined : byText.get(message);
  return descriptor ? translator(locale).t(descriptor) : message;
}
