import * as v from "valibot";

/** The languages a staff member may work in. */
export const STAFF_LOCALES = ["en", "es"] as const;

export type StaffLocale = (typeof STAFF_LOCALES)[number];

/** GET and PUT /api/account/language: the language of one's own screens and of the office's copies of documents. */
export const StaffLanguageSchema = v.object({
  locale: v.picklist(STAFF_LOCALES, 'locale must be "en" or "es"'),
});

export type StaffLanguage = v.InferOutput<typeof StaffLanguageSchema>;
