import type { Locale } from "@contracts/i18n/locales.ts";
import type { Service, ServicePackage } from "@contracts/services/service.ts";

/** A package as a visitor sees it: `nameShown` in their language; `name` stays the English its `?package=` link is made of. */
export type PackageShown = ServicePackage & { nameShown: string };

/** A list in Spanish where the office wrote one, the English where not. */
const spanishOr = (spanish: string[] | undefined, english: string[]) => (spanish?.length ? spanish : english);

/**
 * A service's benefits, process steps, duration, coverage and packages as a visitor reading `locale` sees them on its
 * page: the office's Spanish where it wrote it, each in English where not (as `inLanguage` does the title and
 * description). Kept beside the page: not in `lib/services.ts`, which is in the entry every page loads, nor shared with
 * the service cards, which choose their benefits themselves (a chunk shared by their routes and this one is a file
 * more the entry lists for each, and `/booking` has no room for it).
 */
export function detailsInLanguage(
  service: Service,
  locale: Locale,
): Omit<Service, "packages"> & { packages: PackageShown[] } {
  if (locale !== "es") return { ...service, packages: service.packages.map((p) => ({ ...p, nameShown: p.name })) };
  return {
    ...service,
    benefits: spanishOr(service.benefitsEs, service.benefits),
    process: spanishOr(service.processEs, service.process),
    duration: service.durationEs || service.duration,
    coverage: service.coverageEs || service.coverage,
    packages: service.packages.map((p) => ({
      ...p,
      nameShown: p.nameEs || p.name,
      features: spanishOr(p.featuresEs, p.features),
    })),
  };
}
