import { deflateSync } from "node:zlib";
import { PNG_SIGNATURE, pngChunk, u32 } from "../../../api/testing/images.ts";

/** A small, valid PNG whose pixels spell `label`: no two photos of the day have the same bytes. */
export function uniquePng(label: string): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(label);
  const width = text.length;
  const ihdr = new Uint8Array([...u32(width), ...u32(1), 8, 0, 0, 0, 0]);
  const scanline = new Uint8Array([0, ...text]);
  return new Uint8Array([
    ...PNG_SIGNATURE,
    ...pngChunk("IHDR", ihdr),
    ...pngChunk("IDAT", deflateSync(scanline)),
    ...pngChunk("IEND", []),
  ]);
}
