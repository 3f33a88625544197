/** Twilio's error codes a text may end with, in words for the office (https://www.twilio.com/docs/api/errors). */
const MEANINGS: Record<number, string> = {
  21211: "The number is not a valid phone number",
  21408: "Texts to this region are not enabled",
  21610: "The customer replied STOP: texts to this number are blocked",
  21612: "Twilio cannot reach this number from ours",
  21614: "The number is not a mobile number",
  30003: "The phone is unreachable (off or out of service)",
  30004: "The message was blocked by the recipient or their carrier",
  30005: "The number is unknown or no longer in service",
  30006: "The number is a landline or its carrier cannot take texts",
  30007: "The carrier filtered the message",
  30008: "The carrier could not deliver the message",
  30034: "The sending number is not registered for texts (A2P 10DLC)",
};

/** Twilio's error code in words; an unknown code still names itself. */
export const errorMeaning = (code: number | null): string | null =>
  code === null ? null : (MEANINGS[code] ?? `Twilio error ${code}`);

/** The recipient replied STOP to our number: Twilio refuses every text to it until they reply START. */
export const UNSUBSCRIBED_RECIPIENT = 21610;
