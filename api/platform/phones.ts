import { parsePhoneNumberFromString } from "libphonenumber-js";

/** Where a phone written without a country code is: the business works in the US. */
const DEFAULT_COUNTRY = "US";

/**
 * A phone as people type it ("(704) 555-0131", "704.555.0131", "+44 20 7946 0958") in E.164 ("+17045550131"), or null
 * when it is not a possible number.
 */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_COUNTRY);
  return parsed && parsed.isPossible() ? parsed.number : null;
}
