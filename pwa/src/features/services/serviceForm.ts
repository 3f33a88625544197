import type { Service } from "@contracts/services/service.ts";
import { ServiceInputSchema, type ServiceInput } from "@contracts/services/schemas.ts";
import * as v from "valibot";

export interface PackageFields {
  /** Local key for React lists; never sent. */
  key: number;
  name: string;
  nameEs: string;
  price: string;
  features: string;
  featuresEs: string;
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
  benefitsEs: string;
  process: string;
  processEs: string;
  price: string;
  duration: string;
  durationEs: string;
  coverage: string;
  coverageEs: string;
  packages: PackageFields[];
  checklist: ChecklistFields[];
}

let nextKey = 1;

export function emptyChecklistItem(): ChecklistFields {
  return { key: nextKey++, label: "", required: true };
}

export function emptyPackage(): PackageFields {
  return { key: nextKey++, name: "", nameEs: "", price: "", features: "", featuresEs: "", isPopular: false };
}

export function emptyServiceFields(): ServiceFields {
  return {
    title: "",
    titleEs: "",
    image: "",
    description: "",
    descriptionEs: "",
    benefits: "",
    benefitsEs: "",
    process: "",
    processEs: "",
    price: "",
    duration: "",
    durationEs: "",
    coverage: "",
    coverageEs: "",
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
    nameEs: p.nameEs ?? "",
    price: String(p.price),
    features: joinList(p.features),
    featuresEs: joinList(p.featuresEs),
    isPopular: Boolean(p.isPopular),
  }));
  return {
    title: service.title ?? "",
    titleEs: service.titleEs ?? "",
    image: service.image ?? "",
    description: service.description ?? "",
    descriptionEs: service.descriptionEs ?? "",
    benefits: joinList(service.benefits),
    benefitsEs: joinList(service.benefitsEs),
    process: joinList(service.process),
    processEs: joinList(service.processEs),
    price: service.price === undefined || service.price === null ? "" : String(service.price),
    duration: service.duration ?? "",
    durationEs: service.durationEs ?? "",
    coverage: service.coverage ?? "",
    coverageEs: service.coverageEs ?? "",
    packages: packages.length > 0 ? packages : [emptyPackage()],
    checklist: (service.checklist ?? []).map((i) => ({ key: nextKey++, ...i })),
  };
}

/**
 * "a, b, ,c" → ["a", "b", "c"]. A comma between two digits is a number's ("Up to 2,000 sq ft"), not a separator: a
 * list shown as written and saved unchanged keeps its items.
 */
export function splitList(text: string): string[] {
  return text
    .split(/,(?!\d)|(?<!\d),/)
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
    // The Spanish lists and texts are always sent too: emptied here, the service has none any more.
    benefitsEs: splitList(fields.benefitsEs),
    process: splitList(fields.process),
    processEs: splitList(fields.processEs),
    price: toNumber(fields.price),
    duration: fields.duration,
    durationEs: fields.durationEs,
    coverage: fields.coverage,
    coverageEs: fields.coverageEs,
    packages: fields.packages.map((p) => ({
      name: p.name,
      nameEs: p.nameEs,
      price: toNumber(p.price),
      features: splitList(p.features),
      featuresEs: splitList(p.featuresEs),
      isPopular: p.isPopular,
    })),
    checklist: fields.checklist.map(({ _id, label, required }) => ({ ...(_id ? { _id } : {}), label, required })),
  };
  const result = v.safeParse(ServiceInputSchema, raw);
  if (result.success) return { ok: true, input: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    // An item of a comma list is reported on the field that holds the whole list.
    const path = v
      .getDotPath(issue)
      ?.replace(/^((?:packages\.\d+\.)?(?:features|benefits|process)(?:Es)?)\.\d+$/, "$1");
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return { ok: false, errors };
}
