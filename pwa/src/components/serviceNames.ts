import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import { isServiceKey, type ServiceKey } from "@contracts/services/catalog.ts";

/** The eight catalog services by name, as the e-mails name them (an admin's own service keeps its own name). */
export const serviceNames = defineMessages<ServiceKey>({
  "air-duct-cleaning": { id: "public.service.air-duct-cleaning", defaultMessage: "Air Duct Cleaning" },
  "dryer-vent-cleaning": { id: "public.service.dryer-vent-cleaning", defaultMessage: "Dryer Vent Cleaning" },
  "supply-vent-cleaning": { id: "public.service.supply-vent-cleaning", defaultMessage: "Supply Vent Cleaning" },
  "negative-pressure-machine": {
    id: "public.service.negative-pressure-machine",
    defaultMessage: "Negative Pressure Machine",
  },
  "brush-cleaning": { id: "public.service.brush-cleaning", defaultMessage: "Brush Cleaning" },
  "deep-cleaning": { id: "public.service.deep-cleaning", defaultMessage: "Deep Cleaning" },
  "chimney-cleaning": { id: "public.service.chimney-cleaning", defaultMessage: "Chimney Cleaning" },
  "hvac-system-cleaning": { id: "public.service.hvac-system-cleaning", defaultMessage: "HVAC System Cleaning" },
});

/** A booked service's name in the page's language; a service an admin added keeps the name it was given. */
export const serviceName = (key: string, t: (m: MessageDescriptor) => string, fallback: string) =>
  isServiceKey(key) ? t(serviceNames[key]) : fallback;
