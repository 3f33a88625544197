import type { BookingInput } from "@contracts/bookings/schemas.ts";
import type { Customer, Property } from "@contracts/customers/customer.ts";
import type { PriceBreakdown } from "@contracts/bookings/pricing.ts";
import { formatPhone } from "../../lib/phone.ts";

/**
 * A record's one name as the booking's first and last: the last word is the last name ("Mary Ann Smith" → "Mary Ann",
 * "Smith"). A one-word name (a company) goes in both, since the payload requires both.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: words[0] ?? "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words[words.length - 1]! };
}

/** What the office chooses for a visit; the rest comes from the customer and the property. */
export interface VisitChoice {
  email: string;
  contactNumber: string;
  serviceType: string;
  unitCount: number;
  furnaceOrUnit: string;
  cleaningDate: string;
  cleaningTime: string;
  comment: string;
}

export const firstChoice = (customer: Customer, property: Property): VisitChoice => ({
  email: customer.emails[0] ?? "",
  // As people read it; the server parses it back.
  contactNumber: customer.phones[0] ? formatPhone(customer.phones[0].number) : "",
  serviceType: "",
  unitCount: property.equipment.units || 1,
  furnaceOrUnit: property.equipment.furnaceOrUnit || "N/A",
  cleaningDate: "",
  cleaningTime: "",
  comment: "",
});

/**
 * The public booking payload for a visit at `property`: the server joins it to the customer by the e-mail and to the
 * property by street and ZIP, so both are sent exactly as the record holds them.
 */
export function visitPayload(
  customer: Customer,
  property: Property,
  choice: VisitChoice,
  price: PriceBreakdown,
  timeZone: string,
): BookingInput {
  return {
    ...splitName(customer.name),
    email: choice.email,
    contactNumber: choice.contactNumber.trim(),
    homeAddress: property.street,
    city: property.city,
    state: property.state as BookingInput["state"],
    zip: property.zip,
    furnaceOrUnit: choice.furnaceOrUnit || "N/A",
    serviceType: choice.serviceType,
    unitCount: price.unitCount,
    cleaningDate: choice.cleaningDate,
    cleaningTime: choice.cleaningTime,
    comment: choice.comment.trim(),
    estimatedPrice: price.estimatedPrice,
    originalPrice: price.originalPrice,
    discountAmount: price.discountAmount,
    timeZone,
  };
}
