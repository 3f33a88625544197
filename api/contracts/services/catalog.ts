/** The eight services of the business. Keys are the ids used in URLs, bookings and the database. */
export const SERVICE_KEYS = [
  "air-duct-cleaning",
  "dryer-vent-cleaning",
  "supply-vent-cleaning",
  "negative-pressure-machine",
  "brush-cleaning",
  "deep-cleaning",
  "chimney-cleaning",
  "hvac-system-cleaning",
] as const;

export type ServiceKey = (typeof SERVICE_KEYS)[number];

/** Typed so that any other service id reads as a name that may be missing (services an admin added). */
export const SERVICE_NAMES: Readonly<Record<ServiceKey, string>> & Readonly<Partial<Record<string, string>>> = {
  "air-duct-cleaning": "Air Duct Cleaning",
  "dryer-vent-cleaning": "Dryer Vent Cleaning",
  "supply-vent-cleaning": "Supply Vent Cleaning",
  "negative-pressure-machine": "Negative Pressure Machine",
  "brush-cleaning": "Brush Cleaning",
  "deep-cleaning": "Deep Cleaning",
  "chimney-cleaning": "Chimney Cleaning",
  "hvac-system-cleaning": "HVAC System Cleaning",
};

/**
 * Base price per unit in dollars (SPEC §9): what the eight services are seeded with. The price charged is the
 * service's stored `price`, which an admin may change (migration 007 set it to these).
 */
export const BASE_PRICES: Record<ServiceKey, number> = {
  "air-duct-cleaning": 199,
  "dryer-vent-cleaning": 99,
  "supply-vent-cleaning": 149,
  "negative-pressure-machine": 249,
  "brush-cleaning": 179,
  "deep-cleaning": 299,
  "chimney-cleaning": 199,
  "hvac-system-cleaning": 349,
};

export function isServiceKey(value: unknown): value is ServiceKey {
  return typeof value === "string" && (SERVICE_KEYS as readonly string[]).includes(value);
}

/** `?package=` value of a package name: lowercased, spaces replaced by hyphens (SPEC §2). */
export function packageSlug(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "-");
}
