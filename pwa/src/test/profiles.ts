import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { DEFAULT_PROFILE, DEFAULT_PROFILE_ES, telHref } from "@contracts/settings/profile.ts";

/** Another business: every field a page prints differs from the default profile. */
export const OTHER_PROFILE: BusinessProfile = {
  ...DEFAULT_PROFILE,
  name: "Blue Ridge Air Care & Sons",
  shortName: "Blue Ridge",
  phone: "(540) 555-0199",
  email: "office@blueridge.example",
  address: { street: "9 Depot St", city: "Roanoke", state: "VA", zip: "24001" },
  serviceArea: "the Roanoke Valley",
  hours: "Mon-Fri 8:00 AM - 5:00 PM",
  hoursShort: "Mon-Fri: 8AM - 5PM / Weekends closed",
  hoursText: "Monday to Friday, 8:00 AM to 5:00 PM, weekends closed",
  es: {
    hours: "lun-vie 8:00 a.m. - 5:00 p.m.",
    hoursShort: "lun-vie: 8:00 a.m. - 5:00 p.m. / sáb y dom: cerrado",
    hoursText: "de lunes a viernes de 8:00 a.m. a 5:00 p.m.; el sábado y el domingo cerramos",
    serviceArea: "el valle de Roanoke",
  },
};

/**
 * What of the default business must not show on another business's pages: its texts, its phone as dialled, and its
 * region's names. The state's own code "NC" is checked as a word.
 */
export const DEFAULT_PROFILE_TRACES: (string | RegExp)[] = [
  /clearflow/i,
  DEFAULT_PROFILE.name,
  DEFAULT_PROFILE.phone,
  telHref(DEFAULT_PROFILE.phone),
  DEFAULT_PROFILE.email,
  DEFAULT_PROFILE.address.street,
  /charlotte/i,
  DEFAULT_PROFILE.address.zip,
  /\bNC\b/,
  /carolina/i,
  /mecklenburg/i,
  DEFAULT_PROFILE.hours,
  DEFAULT_PROFILE.hoursShort,
  DEFAULT_PROFILE.hoursText,
  DEFAULT_PROFILE_ES.hours,
  DEFAULT_PROFILE_ES.hoursShort,
  DEFAULT_PROFILE_ES.hoursText,
];

/**
 * The traces of the default profile found in the HTML `html`. The booking form's list of the 50 states is left out:
 * North Carolina is one of them whoever the business is.
 */
export function defaultProfileTraces(html: string): string[] {
  const text = html.replace(/<select[^>]*name="state"[^>]*>.*?<\/select>/gs, '<select name="state"></select>');
  return DEFAULT_PROFILE_TRACES.filter((trace) =>
    typeof trace === "string" ? text.includes(trace) : trace.test(text),
  ).map(String);
}
