import * as v from "valibot";
import { LOCALES, type Locale } from "../i18n/locales.ts";

/** GET and PUT /api/portal/language: the language of the customer's page and of everything sent to them. */
export const CustomerLanguageSchema = v.object({
  locale: v.picklist(LOCALES, 'locale must be "en" or "es"'),
});

export interface CustomerLanguage {
  locale: Locale;
}
