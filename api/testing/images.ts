/** The smallest images the server accepts as a visit's photo or signature (tests of uploads and of who sees them). */

const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 255,
  ...payload,
];

/** A JPEG: start, a table, a scan, end. */
export const TINY_JPEG = new Uint8Array([
  0xff,
  0xd8,
  ...segment(0xdb, [0, ...Array(64).fill(1)]),
  ...segment(0xda, [1, 1, 0, 0, 63, 0]),
  0x12,
  0xff,
  0xd9,
]);

/** A number as four big-endian bytes, as PNG writes lengths and sizes. */
export const u32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** One PNG chunk. The server keeps the chunks that draw the image as they are and never checks their CRC: zeros do. */
export const pngChunk = (type: string, data: ArrayLike<number>) => [
  ...u32(data.length),
  ...ascii(type),
  ...Array.from(data),
  0,
  0,
  0,
  0,
];

/** A one-pixel PNG (a signature). */
export const TINY_PNG = new Uint8Array([
  ...PNG_SIGNATURE,
  ...pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  ...pngChunk("IDAT", [8, 0x1d, 1, 2]),
  ...pngChunk("IEND", []),
]);
