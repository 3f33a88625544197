import * as v from "valibot";
import type { Property } from "@contracts/customers/customer.ts";
import { PropertyInputSchema, type PropertyInput } from "@contracts/customers/schemas.ts";

/** The property dialog's fields, as typed. */
export interface PropertyFields {
  street: string;
  city: string;
  state: string;
  zip: string;
  accessNotes: string;
  furnaceOrUnit: string;
  units: number;
}

export type PropertyErrors = Partial<Record<keyof PropertyFields, string>>;

/** A new property starts in the business's own state, where most customers live. */
export const emptyProperty = (state: string): PropertyFields => ({
  street: "",
  city: "",
  state,
  zip: "",
  accessNotes: "",
  furnaceOrUnit: "N/A",
  units: 1,
});

export const propertyToFields = (p: Property): PropertyFields => ({
  street: p.street,
  city: p.city,
  state: p.state,
  zip: p.zip,
  accessNotes: p.accessNotes,
  furnaceOrUnit: p.equipment.furnaceOrUnit || "N/A",
  units: p.equipment.units,
});

export function toPropertyInput(
  fields: PropertyFields,
): { ok: true; input: PropertyInput } | { ok: false; errors: PropertyErrors } {
  const result = v.safeParse(PropertyInputSchema, fields);
  if (result.success) return { ok: true, input: result.output };
  const errors: PropertyErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof PropertyFields | null;
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** "12 Oak St, Charlotte, NC 28209" */
export const propertyLine = (p: Pick<Property, "street" | "city" | "state" | "zip">) =>
  [p.street, p.city, [p.state, p.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
