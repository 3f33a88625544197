import { deflateSync } from "node:zlib";

const u32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];

function chunk(type: string, data: Uint8Array): number[] {
  // The server keeps the chunks that draw the image as they are and never checks their CRC: zeros do.
  return [...u32(data.length), ...new TextEncoder().encode(type), ...data, 0, 0, 0, 0];
}

/** A small, valid PNG whose pixels spell `label`: no two photos of the day have the same bytes. */
export function uniquePng(label: string): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(label);
  const width = text.length;
  const ihdr = new Uint8Array([...u32(width), ...u32(1), 8, 0, 0, 0, 0]);
  const scanline = new Uint8Array([0, ...text]);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", ihdr),
    ...chunk("IDAT", deflateSync(scanline)),
    ...chunk("IEND", new Uint8Array()),
  ]);
}
