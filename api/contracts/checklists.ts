import type { ServiceKey } from "./services.ts";

/**
 * Field evidence (issue 21): what a technician ticks on a job, per service. An admin edits a service's list in its
 * form; a required item must be ticked before a technician can complete the job.
 */
export interface ChecklistItem {
  /** Stable within its service: ticks on bookings refer to it, so renaming an item keeps them. */
  _id: string;
  label: string;
  required: boolean;
}

/** An item of a booking's checklist as staff read it (GET /api/bookings/{id}). */
export interface BookingChecklistItem extends ChecklistItem {
  done: boolean;
  /** When the technician ticked (or unticked) it on their device; null while never touched. */
  at: string | null;
  /** When the server received that tick; null while never touched. */
  receivedAt: string | null;
  /** Who ticked it. */
  by: string | null;
}

export const MAX_CHECKLIST_ITEMS = 30;
export const MAX_CHECKLIST_LABEL = 120;

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

/** A new item's id: short, URL-safe, and unlike any other of its list. */
export function newChecklistItemId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = `item-${crypto.randomUUID().slice(0, 8)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * What still keeps a technician from completing a job (issue 21): each required item not ticked, and a Before and
 * an After photo. Empty when the job may be completed.
 */
export function completionMissing(
  checklist: readonly Pick<BookingChecklistItem, "label" | "required" | "done">[],
  photos: readonly { kind: "before" | "after" }[],
): string[] {
  const missing = checklist.filter((i) => i.required && !i.done).map((i) => i.label);
  if (!photos.some((p) => p.kind === "before")) missing.push("a Before photo");
  if (!photos.some((p) => p.kind === "after")) missing.push("an After photo");
  return missing;
}

/** "Complete Job needs: Plenums cleaned, an After photo" */
export const completionRefusal = (missing: readonly string[]) => `Complete Job needs: ${missing.join(", ")}`;
