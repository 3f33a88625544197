/**
 * Field evidence: what a technician ticks on a job, per service. An admin edits a service's list in its
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

/** A new item's id: short, URL-safe, and unlike any other of its list. */
export function newChecklistItemId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = `item-${crypto.randomUUID().slice(0, 8)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * What still keeps a technician from completing a job: each required item not ticked, and a Before and
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
