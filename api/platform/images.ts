import type { PhotoType } from "../contracts/visit/visit.ts";

/**
 * What a photo's bytes are, read from their first bytes (the Content-Type is only the client's word); null when
 * they are none of the image types a photo may be.
 */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x52, 0x49, 0x46, 0x46) && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** The image without the metadata a camera or an editor leaves in it (GPS position, device, comments). */
export function stripMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array<ArrayBuffer> {
  switch (type) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
  }
}

/** The bytes do not hold together as the image type they start as. */
export class MalformedImage extends Error {
  override name = "MalformedImage";
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * JPEG: drops APP1 (Exif, XMP: where GPS lives), APP3–APP13, APP15 and comments; keeps APP0 (JFIF), APP2 (the
 * colour profile) and APP14 (Adobe colour transform), which change how the picture looks. Each scan's data is
 * copied as it is, and the segments between the scans of a progressive JPEG are sorted like the ones before the
 * first. Nothing after the end of the image is kept: phones append a video or their own records there.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  let scanned = false;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new MalformedImage("JPEG segment expected");
    const marker = bytes[at + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === undefined) break;
    if (marker === 0xd9) {
      kept.push(bytes.subarray(at, at + 2));
      return concat(kept);
    }
    if (isRestart(marker) || marker === 0x01) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) throw new MalformedImage("JPEG segment cut short");
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new MalformedImage("JPEG segment length out of bounds");
    const dropped = marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
    if (!dropped) kept.push(bytes.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // Start of scan: its image data runs to the next marker.
      scanned = true;
      const dataEnd = scanDataEnd(bytes, at);
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
  // A file cut short after its image data still shows what it holds, as it did before it was stripped.
  if (scanned) return concat(kept);
  throw new MalformedImage("JPEG without image data");
}

/** RST0–RST7: markers without a length, inside a scan's data as well as between segments. */
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** Where a scan's data ends: at the first 0xFF that is neither a stuffed zero byte nor a restart marker. */
function scanDataEnd(bytes: Uint8Array, from: number): number {
  let at = from;
  while (at < bytes.length - 1) {
    if (bytes[at] === 0xff) {
      const next = bytes[at + 1]!;
      if (next !== 0x00 && !isRestart(next)) return at;
      at += 2;
    } else at++;
  }
  return bytes.length;
}

const PNG_DROPPED = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

/** PNG: drops the text, Exif and time chunks; every chunk that draws the picture stays with its CRC. */
function stripPng(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let sawHeader = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new MalformedImage("PNG chunk length out of bounds");
    if (at === 8) sawHeader = type === "IHDR";
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return sawHeader ? concat(kept) : fail("PNG without IHDR");
  }
  throw new MalformedImage("PNG without IEND");
}

/** WebP: drops the EXIF and XMP chunks and clears their flags in VP8X, then sets the RIFF size again. */
function stripWebp(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length || riffEnd < 12) throw new MalformedImage("WebP size out of bounds");
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const fourcc = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) throw new MalformedImage("WebP chunk size out of bounds");
    if (fourcc === "VP8X") {
      const chunk = bytes.slice(at, Math.min(end, riffEnd));
      // Flags: bit 3 EXIF, bit 2 XMP.
      chunk[8] = chunk[8]! & ~0x0c;
      kept.push(chunk);
    } else if (fourcc !== "EXIF" && fourcc !== "XMP ") kept.push(bytes.subarray(at, Math.min(end, riffEnd)));
    at = end;
  }
  if (kept.length === 0) throw new MalformedImage("WebP without image data");
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

function fail(message: string): never {
  throw new MalformedImage(message);
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
