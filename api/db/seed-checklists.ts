import type { ChecklistItem } from "../contracts/visit/checklists.ts";
import type { ServiceKey } from "../contracts/services/catalog.ts";

const item = (_id: string, label: string, required = true): ChecklistItem => ({ _id, label, required });

/**
 * The seeded services' checklists, after the consumer guidance for duct cleaning (NADCA): each part of the system
 * that was cleaned, and the check that shows it worked.
 */
export const DEFAULT_CHECKLISTS: Record<ServiceKey, ChecklistItem[]> = {
  "air-duct-cleaning": [
    item("supply-ducts", "Supply ducts cleaned"),
    item("return-ducts", "Return ducts cleaned"),
    item("registers", "Registers and grilles cleaned and reset"),
    item("plenums", "Plenums cleaned"),
    item("access-panels", "Access panels sealed"),
  ],
  "dryer-vent-cleaning": [
    item("lint-run", "Lint removed from the full run"),
    item("airflow-hood", "Airflow checked at the exterior hood"),
    item("transition-duct", "Transition duct inspected behind the dryer", false),
  ],
  "supply-vent-cleaning": [
    item("registers-removed", "Supply registers removed and washed"),
    item("supply-branches", "Supply branch lines cleaned"),
    item("registers-reset", "Registers reset and airflow checked"),
  ],
  "negative-pressure-machine": [
    item("machine-connected", "Machine connected to the main trunk"),
    item("system-sealed", "Registers sealed, system under negative pressure"),
    item("lines-agitated", "Every branch line agitated"),
    item("holes-sealed", "Access holes sealed"),
  ],
  "brush-cleaning": [
    item("brushed", "Ducts brushed end to end"),
    item("debris-vacuumed", "Loosened debris vacuumed out"),
    item("registers-reset", "Registers and grilles reset"),
  ],
  "deep-cleaning": [
    item("ducts", "Supply and return ducts cleaned"),
    item("plenums", "Plenums cleaned"),
    item("blower-coil", "Blower and coil inspected"),
    item("access-panels", "Access panels sealed"),
    item("sanitizer", "Sanitizer applied (when chosen)", false),
  ],
  "chimney-cleaning": [
    item("flue", "Flue swept"),
    item("smoke-chamber", "Smoke chamber and damper cleaned"),
    item("firebox", "Firebox cleaned"),
    item("cap-crown", "Cap and crown inspected", false),
  ],
  "hvac-system-cleaning": [
    item("blower", "Blower compartment cleaned"),
    item("coil", "Evaporator coil cleaned"),
    item("ducts", "Supply and return ducts cleaned"),
    item("drain-pan", "Drain pan checked"),
    item("filter", "Filter replaced", false),
  ],
};
