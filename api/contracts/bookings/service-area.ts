import type { BookingRules } from "../schedule/rules.ts";

/** The five-digit ZIP of a ZIP or ZIP+4 ("28203-1234" -> "28203"). */
export const zip5 = (zip: string) => zip.trim().slice(0, 5);

/**
 * Why a ZIP is outside the service area, or null when it is inside (an empty list serves everywhere). The text is
 * the booking form's and the server's refusal alike.
 */
export function zipRefusal(zip: string, rules: Pick<BookingRules, "serviceAreaZips">, phone: string): string | null {
  if (rules.serviceAreaZips.length === 0 || rules.serviceAreaZips.includes(zip5(zip))) return null;
  return `We don't serve ${zip5(zip)} yet — call us at ${phone}`;
}
