import type { Locale } from "../../contracts/i18n/locales.ts";
import { defineMessages } from "../../contracts/i18n/messages.ts";
import { smsDisclosure } from "../../contracts/texts/texts.ts";
import { translator } from "../../i18n/translator.ts";

// The booking form's disclosure as the customer read it, in the language of the form. Its Spanish is the site's own
// (the public catalog's "public.texts.disclosure"): disclosure.test.ts holds the two catalogs to one text.
const M = defineMessages({
  disclosure: {
    id: "customer.texts.disclosure",
    defaultMessage:
      "{business} will text you about this visit: a confirmation, a reminder the day before, when your technician is on the way, and your report, estimate, invoice and receipt (up to 8 messages per visit). Msg & data rates may apply. Reply STOP to opt out, HELP for help.",
  },
});

/** The disclosure beside the booking form's box, in `locale`: what a consent given there is kept with. */
export const smsDisclosureIn = (business: string, locale: Locale): string =>
  locale === "en" ? smsDisclosure(business) : translator(locale).t(M.disclosure, { business });
