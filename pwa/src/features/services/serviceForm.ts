import type { Service } from "@contracts/services/service.ts";
import { ServiceInputSchema, type ServiceInput } from "@contracts/services/schemas.ts";
import * as v from "valibot";

export interface PackageFields {
  /** Local key for React lists; never sent. */
  key: number;
  name: string;
  price: string;
  features: string;
  isPopular: boolean;
}

/** A checklist item as edited: `_id` once saved, so ticks on bookings keep pointing at it. */
export interface ChecklistFields {
  key: number;
  _id?: string;
  label: string;
  required: boolean;
}

export interface ServiceFields {
  title: string;
  titleEs: string;
  image: string;
  description: string;
  descriptionEs: string;
  benefits: string;
  process: string;
  price: string;
  duration: string;
  coverage: string;
  packages: PackageFields[];
  checklist: ChecklistFields[];
}

let nextKey = 1;

export function emptyChecklistItem(): ChecklistFields {
  return { key: nextKey++, label: "", required: true };
}

export function emptyPackage(): PackageFields {
  return { key: nextKey++, name: "", price: "", features: "", isPopular: false };
}

export function emptyServiceFields(): ServiceFields {
  return {
    title: "",
    titleEs: "",
    image: "",
    description: "",
    descriptionEs: "",
    benefits: "",
    process: "",
    price: "",
    duration: "",
    coverage: "",
    packages: [emptyPackage()],
    checklist: [],
  };
}

const joinList = (items: readonly string[] | undefined) => (items ?? []).join(", ");

/** The edit mode's starting values; a service without packages still shows one empty package. */
export function serviceToFields(service: Service): ServiceFields {
  const packages = (service.packages ?? []).map((p) => ({
    key: nextKey++,
    name: p.name,
    price: String(p.price),
    features: joinList(p.features),
    isPopular: Boolean(p.isPopular),
  }));
  return {
    title: service.title ?? "",
    titleEs: service.titleEs ?? "",
    image: service.image ?? "",
    description: service.description ?? "",
    descriptionEs: service.descriptionEs ?? "",
    benefits: joinList(service.benefits),
    process: joinList(service.process),
    price: service.price === undefined || service.price === null ? "" : String(service.price),
    duration: service.duration ?? "",
    coverage: service.coverage ?? "",
    packages: packages.length > 0 ? packages : [emptyPackage()],
    checklist: (service.checklist ?? []).map((i) => ({ key: nextKey++, ...i })),
  };
}

/** "a, b, ,c" → ["a", "b", "c"]. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A blank price stays NaN so that the schema refuses it instead of reading it as 0. */
function toNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

export type FieldErrors = Record<string, string>;

/** Form fields → the POST/PUT body, checked by the same schema the server uses. Errors keyed "title", "packages.0.name". */
export function toServiceInput(
  fields: ServiceFields,
): { ok: true; input: ServiceInput } | { ok: false; errors: FieldErrors } {
  const raw = {
    title: fields.title,
    // Always sent: emptied here, the service has no Spanish title any more.
    titleEs: fields.titleEs,
    image: fields.image,
    description: fields.description,
    // Always sent, as the Spanish title.
    descriptionEs: fields.descriptionEs,
    benefits: splitList(fields.benefits),
    process: splitList(fields.process),
    price: toNumber(fields.price),
    duration: fields.duration,
    coverage: fields.coverage,
    packages: fields.packages.map((p) => ({
      name: p.name,
      price: toNumber(p.price),
      features: splitList(p.features),
      isPopular: p.isPopular,
    })),
    checklist: fields.checklist.map(({ _id, label, required }) => ({ ...(_id ? { _id } : {}), label, required })),
  };
  const result = v.safeParse(ServiceInputSchema, raw);
  if (result.success) return { ok: true, input: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    // An item of a comma list is reported on the field that holds the whole list.
    const path = v.getDotPath(issue)?.replace(/^((?:packages\.\d+\.)?(?:features|benefits|process))\.\d+$/, "$1");
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return { ok: false, errors };
}
