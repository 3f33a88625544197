import assert from "node:assert/strict";
import { MalformedImage, sniffImageType, stripMetadata } from "./images.ts";

const bytes = (...parts: (number[] | string | Uint8Array)[]) => {
  const flat: number[] = [];
  for (const part of parts) {
    if (typeof part === "string") for (const c of part) flat.push(c.charCodeAt(0));
    else flat.push(...part);
  }
  return new Uint8Array(flat);
};
const segment = (marker: number, payload: number[] | string) => {
  const body = bytes(payload);
  return bytes([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255], body);
};
const has = (haystack: Uint8Array, needle: string) => new TextDecoder("latin1").decode(haystack).includes(needle);

// A phone camera's JPEG: JFIF, then Exif with a GPS position, a quantization table, the scan and its end.
const GPS = "Exif\0\0II*\0GPS 35N13'37.56\" 80W50'35.16\"";
const JFIF = segment(0xe0, "JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
const DQT = segment(0xdb, [0, ...Array(64).fill(1)]);
const SCAN = bytes(segment(0xda, [1, 1, 0, 0, 63, 0]), [0x12, 0x34, 0xff, 0x00, 0x56], [0xff, 0xd9]);
const cameraJpeg = bytes([0xff, 0xd8], JFIF, segment(0xe1, GPS), segment(0xfe, "Shot on PhoneMaker"), DQT, SCAN);

Deno.test("a JPEG loses its Exif (GPS) and comment segments and keeps every other byte", () => {
  assert.deepEqual(sniffImageType(cameraJpeg), "image/jpeg");
  const stripped = stripMetadata(cameraJpeg, "image/jpeg");
  assert.deepEqual(has(stripped, "GPS"), false);
  assert.deepEqual(has(stripped, "PhoneMaker"), false);
  assert.deepEqual(stripped, bytes([0xff, 0xd8], JFIF, DQT, SCAN));
});

Deno.test("a progressive JPEG loses the metadata between its scans and whatever follows its end", () => {
  // Restart markers and a stuffed byte inside the scans are image data, not segments.
  const firstScan = bytes(segment(0xda, [1, 1, 0, 0, 0, 0]), [0x11, 0xff, 0x00, 0xff, 0xd0, 0x22]);
  const DHT = segment(0xc4, [0x10, ...Array(16).fill(0)]);
  const secondScan = bytes(segment(0xda, [1, 1, 0, 1, 63, 0]), [0x33, 0x44]);
  // A phone's trailer after the image's end: a motion photo's video, with its own location.
  const trailer = bytes("ftypmp4 GPS 35N13'37.56\"");
  const progressive = bytes(
    [0xff, 0xd8],
    JFIF,
    DQT,
    firstScan,
    segment(0xe1, GPS),
    [0xff, 0xff],
    DHT,
    secondScan,
    [0xff, 0xd9],
    trailer,
  );
  const stripped = stripMetadata(progressive, "image/jpeg");
  assert.deepEqual(has(stripped, "GPS"), false);
  assert.deepEqual(stripped, bytes([0xff, 0xd8], JFIF, DQT, firstScan, DHT, secondScan, [0xff, 0xd9]));
});

Deno.test("a JPEG cut short inside its image data keeps what it has", () => {
  const cut = cameraJpeg.subarray(0, cameraJpeg.length - 3);
  assert.deepEqual(stripMetadata(cut, "image/jpeg"), bytes([0xff, 0xd8], JFIF, DQT, SCAN.subarray(0, SCAN.length - 3)));
});

Deno.test("a JPEG whose segment lengths run past its end is refused as malformed", () => {
  const cut = cameraJpeg.subarray(0, 30);
  assert.throws(() => stripMetadata(cut, "image/jpeg"), MalformedImage);
});

const u32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const pngChunk = (type: string, data: number[] | string) => {
  const body = bytes(data);
  // The CRC is carried as it is: stripping never recomputes a kept chunk.
  return bytes(u32(body.length), type, body, [1, 2, 3, 4]);
};
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

Deno.test("a PNG loses its text, Exif and time chunks and keeps the chunks that draw it", () => {
  const ihdr = pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const idat = pngChunk("IDAT", [8, 0x1d, 1, 2]);
  const iend = pngChunk("IEND", []);
  const png = bytes(PNG_SIG, ihdr, pngChunk("tEXt", "Author\0Tia"), pngChunk("eXIf", "GPS 35N"), idat, iend);
  assert.deepEqual(sniffImageType(png), "image/png");
  assert.deepEqual(stripMetadata(png, "image/png"), bytes(PNG_SIG, ihdr, idat, iend));
});

const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24];
const riffChunk = (fourcc: string, data: number[] | string) => {
  const body = bytes(data);
  return bytes(fourcc, le32(body.length), body, body.length % 2 ? [0] : []);
};
const riff = (...chunks: Uint8Array[]) => {
  const body = bytes(...chunks);
  return bytes("RIFF", le32(4 + body.length), "WEBP", body);
};

Deno.test("a WebP loses its EXIF and XMP chunks, their VP8X flags, and gets its RIFF size set again", () => {
  const vp8x = (flags: number) => riffChunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const image = riffChunk("VP8 ", [1, 2, 3, 4, 5, 6]);
  const webp = riff(vp8x(0x0c), image, riffChunk("EXIF", "GPS 35N13"), riffChunk("XMP ", "<x:xmpmeta/>"));
  assert.deepEqual(sniffImageType(webp), "image/webp");
  assert.deepEqual(stripMetadata(webp, "image/webp"), riff(vp8x(0), image));
});

Deno.test("a program renamed .jpg is none of the image types", () => {
  assert.deepEqual(sniffImageType(bytes("MZ\x90\0\x03\0\0\0\x04\0\0\0")), null);
  assert.deepEqual(sniffImageType(bytes("GIF89a")), null);
  assert.deepEqual(sniffImageType(new Uint8Array()), null);
});
