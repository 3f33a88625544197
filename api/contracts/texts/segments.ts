// How many SMS segments a text takes, as carriers count them: GSM-7 when every character is in the GSM 03.38
// alphabet (160 alone, 153 per segment when split; the extension table's characters take two), else UCS-2 (70 alone,
// 67 per segment, counted in UTF-16 code units: an emoji takes two).

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** GSM-7 and UCS-2 limits: one segment alone, and each segment of a longer text (its header takes the rest). */
export const SEGMENT_LIMITS = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
} as const;

/** True when every character of the text is in the GSM-7 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** The encoding, length and segment count of a text. An empty text still takes one segment. */
export function countSegments(text: string): SegmentCount {
  if (isGsm7(text)) {
    let units = 0;
    for (const ch of text) units += EXTENSION.has(ch) ? 2 : 1;
    return { encoding: "GSM-7", units, segments: segmentsFor(units, SEGMENT_LIMITS["GSM-7"]) };
  }
  const units = text.length;
  return { encoding: "UCS-2", units, segments: segmentsFor(units, SEGMENT_LIMITS["UCS-2"]) };
}

function segmentsFor(units: number, limits: { single: number; multi: number }): number {
  return units <= limits.single ? 1 : Math.ceil(units / limits.multi);
}

/** The most units a text of `segments` segments may hold in an encoding. */
export const capacityOf = (encoding: SmsEncoding, segments: number) =>
  segments <= 1 ? SEGMENT_LIMITS[encoding].single : SEGMENT_LIMITS[encoding].multi * segments;
