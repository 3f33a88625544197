import type { BusinessProfile } from "./entities.ts";
import { DEFAULT_BUSINESS_TZ } from "./schedule.ts";

/**
 * The business profile of a Charlotte company founded in 2010: the server's defaults for the BUSINESS_* variables,
 * and what the PWA shows until GET /api/profile answers (or offline on a first visit).
 */
export const DEFAULT_PROFILE: BusinessProfile = {
  name: "ClearFlow Duct & Vent Cleaning",
  phone: "(704) 555-0142",
  email: "hello@clearflowclean.com",
  address: { street: "4521 South Blvd", city: "Charlotte", state: "NC", zip: "28209" },
  founded: 2010,
  timeZone: DEFAULT_BUSINESS_TZ,
  hours: "Mon-Sun 7:00 AM - 7:00 PM",
  hoursShort: "Mon-Sun: 7:00AM - 7:00PM / Sat-close",
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
};
