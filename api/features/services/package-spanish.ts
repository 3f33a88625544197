import type { ServiceInput } from "../../contracts/services/schemas.ts";
import type { ServicePackage } from "../../contracts/services/service.ts";

/**
 * A package sent without its Spanish name or features keeps those of the stored package of the same name, as the
 * service's own Spanish fields are kept when left out: a client that knows no Spanish (an older release's form during
 * an upgrade) does not wipe them. Sent empty, they are gone.
 */
export function keepPackagesSpanish(input: ServiceInput, stored: ServicePackage[]): ServiceInput {
  const byName = new Map(stored.map((p) => [p.name, p]));
  return {
    ...input,
    packages: input.packages.map((p) => {
      const before = byName.get(p.name);
      return { ...p, nameEs: p.nameEs ?? before?.nameEs, featuresEs: p.featuresEs ?? before?.featuresEs };
    }),
  };
}
