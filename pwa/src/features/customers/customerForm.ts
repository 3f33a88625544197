import * as v from "valibot";
import type { Customer } from "@contracts/customers/customer.ts";
import { email as emailSchema } from "@contracts/common/fields.ts";
import { CustomerUpdateSchema, type CustomerUpdate } from "@contracts/customers/schemas.ts";
import { formatPhone } from "../../lib/phone.ts";

/** The edit dialog's fields: a row per e-mail and phone, tags as one comma list. */
export interface CustomerFields {
  name: string;
  emails: string[];
  phones: { number: string; label: string }[];
  notes: string;
  tags: string;
}

/** Errors by field: "name", "emails.0", "phones.1.number", "notes", "tags", or "emails" for the list itself. */
export type CustomerErrors = Record<string, string>;

export const PHONE_LABELS = ["mobile", "home", "work", "other"] as const;

export function customerToFields(c: Customer): CustomerFields {
  return {
    name: c.name,
    emails: c.emails.length > 0 ? [...c.emails] : [""],
    // Shown as people read them; the server parses them back to E.164.
    phones: c.phones.map((p) => ({ number: formatPhone(p.number), label: p.label })),
    notes: c.notes,
    tags: c.tags.join(", "),
  };
}

/** The PUT body from the fields, with the version that was read; empty rows are left out. */
export function toCustomerUpdate(
  fields: CustomerFields,
  version: number,
): { ok: true; update: CustomerUpdate } | { ok: false; errors: CustomerErrors } {
  const emails = fields.emails.map((e) => e.trim());
  const phones = fields.phones.map((p) => ({ number: p.number.trim(), label: p.label }));
  const raw = {
    name: fields.name,
    emails: emails.filter(Boolean),
    phones: phones.filter((p) => p.number),
    notes: fields.notes,
    tags: fields.tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    version,
  };
  const errors: CustomerErrors = {};
  // Each row on its own, so that an error stands under the row that has it.
  emails.forEach((email, i) => {
    if (!email) return;
    const checked = v.safeParse(emailSchema, email);
    if (!checked.success) errors[`emails.${i}`] = checked.issues[0].message;
  });
  const result = v.safeParse(CustomerUpdateSchema, raw);
  if (result.success && Object.keys(errors).length === 0) return { ok: true, update: result.output };
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue) ?? "";
    // Each e-mail was checked on its own row above.
    if (path.startsWith("emails.")) continue;
    const key = path.startsWith("phones.") ? phoneKey(path, phones) : path.replace(/^tags\..*$/, "tags");
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** "phones.1.number" of the kept rows, as the index of the row on screen. */
function phoneKey(path: string, phones: { number: string }[]): string {
  const kept = Number(path.split(".")[1]);
  const shown = phones.map((p, i) => (p.number ? i : -1)).filter((i) => i >= 0)[kept];
  return shown === undefined ? "phones" : `phones.${shown}`;
}
