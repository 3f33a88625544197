import { type BusinessProfile, DEFAULT_PROFILE, PROFILE_JSON_ID, profileIn, telHref } from "./profile.ts";

/**
 * The public pages are rendered at build time (pwa/src/entry-prerender.tsx), but the profile they show is the
 * running server's: set by BUSINESS_* variables after the build, and later changed in Settings while it runs. So
 * the build renders with this template, whose texts are marks, and the server fills the marks with its current
 * profile when it serves the page (api/http/pwa-static.ts). Fields no variable or setting changes (founded, claims,
 * certifications, time zone) are rendered as they are.
 */
const mark = (field: string) => `__PROFILE_${field}__`;

export const PROFILE_TEMPLATE: BusinessProfile = {
  ...DEFAULT_PROFILE,
  name: mark("NAME"),
  shortName: mark("SHORT_NAME"),
  phone: mark("PHONE"),
  email: mark("EMAIL"),
  address: { street: mark("STREET"), city: mark("CITY"), state: mark("STATE"), zip: mark("ZIP") },
  serviceArea: mark("SERVICE_AREA"),
  hours: mark("HOURS"),
  hoursShort: mark("HOURS_SHORT"),
  hoursText: mark("HOURS_TEXT"),
  es: {
    hours: mark("ES_HOURS"),
    hoursShort: mark("ES_HOURS_SHORT"),
    hoursText: mark("ES_HOURS_TEXT"),
    serviceArea: mark("ES_SERVICE_AREA"),
  },
};

/**
 * Every form in which a page prints a profile value. A page that prints a new form (a text derived from a field)
 * needs it listed here, or its served HTML would differ from what the browser renders: the test in
 * pwa/src/entry-prerender.test.tsx renders each prerendered page both ways and compares.
 */
const FORMS: ((profile: BusinessProfile) => string)[] = [
  (p) => p.name,
  (p) => p.shortName,
  (p) => telHref(p.phone),
  (p) => p.phone,
  (p) => p.email,
  (p) => p.address.street,
  (p) => p.address.city,
  (p) => p.address.state,
  (p) => p.address.zip,
  (p) => p.serviceArea,
  (p) => p.hours,
  (p) => p.hoursShort,
  (p) => p.hoursText,
  (p) => profileIn(p, "es").hours,
  (p) => profileIn(p, "es").hoursShort,
  (p) => profileIn(p, "es").hoursText,
  (p) => profileIn(p, "es").serviceArea,
];

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Escapes text for HTML the way React's server renderer does, in text and in attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const marks = FORMS.map((form) => escapeHtml(form(PROFILE_TEMPLATE)));
// One pass, longest mark first ("tel:__PROFILE_PHONE__" before "__PROFILE_PHONE__"), so that a value holding
// something that looks like a mark is never filled a second time.
const MARK_PATTERN = new RegExp(
  [...marks]
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|"),
  "g",
);

/** The HTML of a page rendered with PROFILE_TEMPLATE, as if rendered with `profile`. */
export function fillProfileTemplate(html: string, profile: BusinessProfile): string {
  const values = new Map(marks.map((m, i) => [m, escapeHtml(FORMS[i]!(profile))]));
  return html.replace(MARK_PATTERN, (found) => values.get(found)!);
}

/**
 * The profile as a JSON data block, not a script: the CSP allows no inline script, and the browser runs none here.
 * "<" is escaped so that no text in the profile can close the element.
 */
export function profileDataBlock(profile: BusinessProfile): string {
  const json = JSON.stringify(profile).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PROFILE_JSON_ID}">${json}</script>`;
}
