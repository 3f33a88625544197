import * as v from "valibot";
import { text } from "../common/fields.ts";
import { spanishList, spanishText } from "./spanish-fields.ts";
import {
  type ChecklistItem,
  MAX_CHECKLIST_ITEMS,
  MAX_CHECKLIST_LABEL,
  newChecklistItemId,
} from "../visit/checklists.ts";

const money = v.pipe(v.number("Price must be a number"), v.finite(), v.minValue(0), v.maxValue(1_000_000));

/** A service's base price per unit: what a booking is charged, so more than nothing and in whole cents. */
const basePrice = v.pipe(
  v.number("Price must be a number"),
  v.finite("Price must be a number"),
  v.minValue(0.01, "Price must be more than $0"),
  v.maxValue(1_000_000, "Price must be at most $1,000,000"),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Price must have at most 2 decimals"),
);

const listOfTexts = (label: string, maxItems: number) =>
  v.pipe(
    v.array(text(300, label), `${label} must be a list`),
    v.maxLength(maxItems, `At most ${maxItems} ${label.toLowerCase()} entries`),
  );

/** Image of a service: one of our own assets (`/…`) or an https URL an admin pasted. */
const imageUrl = v.pipe(
  v.string("Image must be text"),
  v.trim(),
  v.nonEmpty("Image is required"),
  v.maxLength(500),
  v.regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, "Image must be a path on this site or an https URL"),
);

export const PackageInputSchema = v.object({
  name: text(60, "Package name"),
  price: money,
  features: v.pipe(listOfTexts("Feature", 20), v.minLength(1, "Each package needs at least one feature")),
  isPopular: v.optional(v.boolean(), false),
  /** Shown, never linked: the package's `?package=` slug stays its English name's. */
  nameEs: spanishText(60, "Spanish package name"),
  featuresEs: spanishList("Spanish feature", "Spanish features", 20),
});

/** POST /api/services and PUT /api/services/{id}. */
/**
 * A service's checklist: items keep their `_id` (ticks on bookings refer to it); a new item gets one here,
 * and so does a second item sent with an id already used.
 */
export const ChecklistInputSchema = v.pipe(
  v.array(
    v.object({
      _id: v.optional(v.pipe(v.string("An item id must be text"), v.regex(/^[a-z0-9-]{1,40}$/, "Not an item id"))),
      label: text(MAX_CHECKLIST_LABEL, "Checklist item"),
      required: v.optional(v.boolean("Required must be true or false"), true),
    }),
    "The checklist must be a list",
  ),
  v.maxLength(MAX_CHECKLIST_ITEMS, `At most ${MAX_CHECKLIST_ITEMS} checklist items`),
  v.transform((items): ChecklistItem[] => {
    const taken = new Set<string>();
    return items.map(({ _id, label, required }) => {
      const id =
        _id && !taken.has(_id) ? _id : newChecklistItemId(new Set([...taken, ...items.map((i) => i._id ?? "")]));
      taken.add(id);
      return { _id: id, label, required };
    });
  }),
);

export const ServiceInputSchema = v.object({
  title: text(120, "Title"),
  /** Left out: kept as it is; empty: none (Spanish-speaking customers read the English title). */
  titleEs: spanishText(120, "Spanish title"),
  image: imageUrl,
  description: text(2000, "Description"),
  /** Left out: kept as it is; empty: none (Spanish-speaking visitors read the English description). */
  descriptionEs: spanishText(2000, "Spanish description"),
  benefits: v.optional(listOfTexts("Benefit", 20), []),
  benefitsEs: spanishList("Spanish benefit", "Spanish benefits", 20),
  process: v.optional(listOfTexts("Process step", 20), []),
  processEs: spanishList("Spanish process step", "Spanish process steps", 20),
  price: basePrice,
  duration: text(60, "Duration"),
  durationEs: spanishText(60, "Spanish duration"),
  coverage: text(200, "Coverage"),
  coverageEs: spanishText(200, "Spanish coverage"),
  packages: v.optional(v.pipe(v.array(PackageInputSchema), v.maxLength(10, "At most 10 packages")), []),
  /** Left out: a new service has none, an edited one keeps its own. */
  checklist: v.optional(ChecklistInputSchema),
});
export type ServiceInput = v.InferOutput<typeof ServiceInputSchema>;
